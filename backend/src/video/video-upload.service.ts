import { createHash, randomBytes } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { PassThrough, type Readable } from 'node:stream';
import { DeleteObjectCommand } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import {
  BadRequestException,
  ConflictException,
  HttpException,
  Injectable,
  Logger,
  NotFoundException,
  PayloadTooLargeException,
  UnsupportedMediaTypeException,
} from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import Busboy from 'busboy';
import type { Repository } from 'typeorm';
import { AppConfig } from '../config/app-config';
import type { QrCode } from '../qr/qr-code';
import { QrStore } from '../qr/qr-store';
import { QR_TOKEN_PATTERN } from '../qr/qr-token';
import { StorageService } from '../storage/storage.service';
import { TranscodeJob } from './transcode.job';
import { VideoMessage } from './video-message.entity';
import { videoKeys } from './video-keys';

/** Room for the multipart envelope around the file when judging Content-Length up front. */
const MULTIPART_OVERHEAD = 64 * 1024;
/** Enough bytes for file-type to recognise every container we accept. */
const SNIFF_BYTES = 4100;
export const UPLOAD_PART_SIZE = 5 * 1024 * 1024;
const UPLOAD_QUEUE_SIZE = 2;

export interface IncomingUpload extends Readable {
  headers: IncomingHttpHeaders;
}

export function hashOwnerKey(ownerKey: string): string {
  return createHash('sha256').update(ownerKey).digest('hex');
}

/** Resolves with the stream of the first file field named `video`. */
function firstVideoFile(request: IncomingUpload, maxBytes: number): Promise<{ file: Readable; busboy: Busboy.Busboy }> {
  return new Promise((resolve, reject) => {
    let busboy: Busboy.Busboy;
    try {
      busboy = Busboy({ headers: request.headers, limits: { files: 1, fields: 20, fileSize: maxBytes, parts: 30 } });
    } catch {
      return reject(new UnsupportedMediaTypeException('error.video.notMultipart'));
    }
    let found = false;
    busboy.on('file', (field, file) => {
      if (field !== 'video' || found) return file.resume();
      found = true;
      resolve({ file, busboy });
    });
    busboy.on('error', () => reject(new BadRequestException('error.video.missing')));
    busboy.on('finish', () => {
      if (!found) reject(new BadRequestException('error.video.missing'));
    });
    request.pipe(busboy);
  });
}

/** The first `count` bytes of a stream (fewer if it ends), leaving the stream paused after them. */
function readHead(stream: Readable, count: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let length = 0;
    const done = () => {
      stream.off('data', onData).off('end', done).off('error', reject);
      stream.pause();
      resolve(Buffer.concat(chunks));
    };
    const onData = (chunk: Buffer) => {
      chunks.push(chunk);
      length += chunk.length;
      if (length >= count) done();
    };
    stream.on('data', onData).on('end', done).on('error', reject);
  });
}

async function sniffVideo(head: Buffer): Promise<string | null> {
  const { fileTypeFromBuffer } = await import('file-type/core');
  const type = await fileTypeFromBuffer(head);
  return type && type.mime.startsWith('video/') ? type.mime : null;
}

@Injectable()
export class VideoUploadService {
  private readonly logger = new Logger('VideoUpload');

  constructor(
    private readonly qr: QrStore,
    private readonly storage: StorageService,
    @InjectRepository(VideoMessage) private readonly messages: Repository<VideoMessage>,
    private readonly config: AppConfig,
    private readonly transcoder: TranscodeJob,
  ) {}

  /**
   * Streams the upload straight into an S3 multipart upload: never the whole file in memory or on
   * disk. The code is claimed with a conditional update before any byte is stored, so of
   * simultaneous uploads exactly one proceeds; every failure leaves no object, no row, and the
   * code unused.
   */
  async receive(qrToken: string, request: IncomingUpload): Promise<{ message: VideoMessage; ownerKey: string }> {
    const code = QR_TOKEN_PATTERN.test(qrToken) ? await this.qr.findByToken(qrToken) : null;
    if (!code) throw new NotFoundException('error.qr.notFound');
    if (code.status !== 'unused') throw new ConflictException('error.qr.taken');

    const maxBytes = this.config.env.VIDEO_MAX_BYTES;
    const declared = Number(request.headers['content-length']);
    if (Number.isFinite(declared) && declared > maxBytes + MULTIPART_OVERHEAD) {
      throw new PayloadTooLargeException('error.video.tooLarge');
    }
    // One byte over the cap lets busboy hand us proof of a file that is too large.
    const { file, busboy } = await firstVideoFile(request, maxBytes + 1);
    const head = await readHead(file, SNIFF_BYTES);
    const mimeType = await sniffVideo(head);
    if (!mimeType) throw new UnsupportedMediaTypeException('error.video.notVideo');

    const claimed = await this.qr.changeStatus(code.id, 'recorded', ['unused']);
    if (!claimed) throw new ConflictException('error.qr.taken');

    const ownerKey = randomBytes(24).toString('base64url');
    let message: VideoMessage;
    try {
      message = await this.messages.save(
        this.messages.create({
          qrCodeId: code.id,
          serialNumber: code.serialNumber,
          state: 'uploading',
          ownerKeyHash: hashOwnerKey(ownerKey),
        }),
      );
    } catch (error) {
      await this.release(code);
      throw error;
    }

    const key = videoKeys(message.id).original;
    try {
      const size = await this.store(key, mimeType, head, file, request, maxBytes);
      message = await this.messages.save(
        this.messages.merge(message, {
          state: 'processing',
          originalKey: key,
          originalMimeType: mimeType,
          sizeBytes: size,
        }),
      );
    } catch (error) {
      await this.storage.client
        .send(new DeleteObjectCommand({ Bucket: this.storage.bucket, Key: key }))
        .catch(() => undefined);
      await this.messages.delete({ id: message.id });
      await this.release(code);
      busboy.removeAllListeners('finish');
      if (error instanceof HttpException) throw error;
      this.logger.error(`upload to ${key} failed: ${error instanceof Error ? error.message : error}`);
      throw new BadRequestException('error.video.uploadFailed');
    }
    this.transcoder.kick();
    return { message, ownerKey };
  }

  /** Writes head + rest of the file to storage; rejects (after aborting) past the size limit. */
  private async store(
    key: string,
    mimeType: string,
    head: Buffer,
    file: Readable,
    request: IncomingUpload,
    maxBytes: number,
  ): Promise<number> {
    const body = new PassThrough({ highWaterMark: 1024 * 1024 });
    const upload = new Upload({
      client: this.storage.client,
      params: { Bucket: this.storage.bucket, Key: key, Body: body, ContentType: mimeType },
      partSize: UPLOAD_PART_SIZE,
      queueSize: UPLOAD_QUEUE_SIZE,
      leavePartsOnError: false,
    });
    let size = head.length;
    let tooLarge = size > maxBytes;
    let aborted = false;
    const stop = () => {
      body.destroy();
      void upload.abort();
    };
    file.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes && !tooLarge) {
        tooLarge = true;
        stop();
      }
    });
    const onClose = () => {
      if (!request.readableEnded) {
        aborted = true;
        stop();
      }
    };
    request.on('close', onClose);
    body.write(head);
    file.pipe(body);
    file.resume();
    try {
      await upload.done();
    } catch (error) {
      if (tooLarge) throw new PayloadTooLargeException('error.video.tooLarge');
      if (aborted) throw new BadRequestException('error.video.uploadFailed');
      throw error;
    } finally {
      request.off('close', onClose);
    }
    // The last chunk may cross the limit after the upload has already completed.
    if (tooLarge) throw new PayloadTooLargeException('error.video.tooLarge');
    return size;
  }

  private async release(code: QrCode): Promise<void> {
    await this.qr.changeStatus(code.id, 'unused', ['recorded']);
  }
}
