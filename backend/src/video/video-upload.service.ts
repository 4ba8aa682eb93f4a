import { createHash, randomBytes } from 'node:crypto';
import { PassThrough, type Readable, Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  BadRequestException,
  ConflictException,
  HttpException,
  Injectable,
  Logger,
  PayloadTooLargeException,
  ServiceUnavailableException,
  UnprocessableEntityException,
  UnsupportedMediaTypeException,
} from '@nestjs/common';
import { errorMessage } from '../common/error-message';
import { isStorageError } from '../common/outage';
import { logId } from '../logging/log-id';
import { Metrics } from '../metrics/metrics';
import { AppConfig } from '../config/app-config';
import { QrService } from '../qr/qr.service';
import type { VideoProbe } from './ffmpeg';
import { refusal } from './media-limits';
import { MediaTools } from './media-tools';
import { MessageLifecycle, requireRecordable } from './message-lifecycle';
import { demuxerOf, SNIFF_BYTES, sniffContainer, type VideoMimeType } from './video-container';
import { type IncomingUpload, VideoForm } from './video-form';
import type { VideoMessage } from './video-message.entity';
import { messageIdOfKey, videoKeys } from './video-keys';
import { VideoStorage } from './video-storage';

/** Room for the multipart envelope around the file when judging Content-Length up front. */
const MULTIPART_OVERHEAD = 64 * 1024;

export function hashOwnerKey(ownerKey: string): string {
  return createHash('sha256').update(ownerKey).digest('hex');
}

/** The first `count` bytes of a stream (fewer if it ends), leaving the stream paused after them. */
function readHead(stream: Readable, count: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    // Destroyed before we got to it (the body failed while the code was looked up).
    if (stream.destroyed) return reject(stream.errored ?? new Error('the file stream closed early'));
    const chunks: Buffer[] = [];
    let length = 0;
    const settle = (error?: Error | null) => {
      stream.off('data', onData).off('end', settle).off('error', settle).off('close', onClose);
      stream.pause();
      if (error) reject(error);
      else resolve(Buffer.concat(chunks));
    };
    const onData = (chunk: Buffer) => {
      chunks.push(chunk);
      length += chunk.length;
      if (length >= count) settle();
    };
    const onClose = () => settle(stream.readableEnded ? null : new Error('the file stream closed early'));
    stream.on('data', onData).on('end', settle).on('error', settle).on('close', onClose);
  });
}

/** Counts the bytes passing through and fails once there are more than `max`. */
class ByteLimit extends Transform {
  constructor(
    private readonly max: number,
    public bytes: number,
  ) {
    super();
  }

  _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.bytes += chunk.length;
    if (this.bytes > this.max) return done(new PayloadTooLargeException('error.video.tooLarge'));
    done(null, chunk);
  }
}

@Injectable()
export class VideoUploadService {
  private readonly logger = new Logger('VideoUpload');

  constructor(
    private readonly qr: QrService,
    private readonly objects: VideoStorage,
    private readonly lifecycle: MessageLifecycle,
    private readonly config: AppConfig,
    private readonly tools: MediaTools,
    private readonly metrics: Metrics,
  ) {}

  /**
   * Streams the upload straight into an S3 multipart upload: never the whole file in memory or on
   * disk. The code is claimed (with the message's row) once the first bytes prove a video, so of
   * simultaneous uploads exactly one proceeds. Whatever goes wrong afterwards (the body cut off or
   * malformed, the client gone, a second file, the size, the storage server) the multipart upload
   * is aborted, the row goes and the code is unused again before the answer.
   */
  async receive(qrToken: string, request: IncomingUpload): Promise<{ message: VideoMessage; ownerKey: string }> {
    const maxBytes = this.config.env.VIDEO_MAX_BYTES;
    const form = new VideoForm(request, maxBytes);
    try {
      const code = await this.qr.byToken(qrToken);
      requireRecordable(code);
      const declared = Number(request.headers['content-length']);
      if (Number.isFinite(declared) && declared > maxBytes + MULTIPART_OVERHEAD) {
        throw new PayloadTooLargeException('error.video.tooLarge');
      }

      const file = await form.file;
      const head = await readHead(file, SNIFF_BYTES).catch(() => Promise.reject(form.failure ?? incomplete()));
      const mimeType = await sniffContainer(head);
      if (!mimeType) throw new UnsupportedMediaTypeException('error.video.notVideo');

      const ownerKey = randomBytes(24).toString('base64url');
      let message = await this.lifecycle.claim(code, hashOwnerKey(ownerKey));
      if (!message) throw new ConflictException('error.qr.taken');
      const key = videoKeys(message.id).original;
      try {
        const size = await this.store(key, mimeType, head, file, form);
        message = await this.lifecycle.uploaded(message, {
          originalKey: key,
          originalMimeType: mimeType,
          sizeBytes: size,
        });
      } catch (error) {
        await this.lifecycle.discard(message, { objectsMayRemain: true }).catch((cleanup: unknown) => {
          this.logger.error(`message ${logId(message!.id)} is left for the repair sweep: ${String(cleanup)}`);
        });
        throw error;
      }
      this.metrics.uploads.inc({ outcome: 'accepted' });
      this.metrics.uploadBytes.inc(Number(message.sizeBytes ?? 0));
      return { message, ownerKey };
    } catch (error) {
      form.discardRest();
      this.metrics.uploads.inc({ outcome: error instanceof HttpException ? String(error.getStatus()) : 'error' });
      throw error;
    }
  }

  /**
   * Writes head + rest of the file to storage, completing the object only once the whole form is
   * known to be sound and what the video declares is within a phone's limits (ffprobe reads its
   * headers from a copy of the bytes as they pass). Rejects with the contract's error: 413 past
   * the size limit, 422 for a video beyond the limits (as soon as its headers show it), 400 for a
   * body that went wrong, 503 when the storage server failed.
   */
  private async store(
    key: string,
    mimeType: VideoMimeType,
    head: Buffer,
    file: Readable,
    form: VideoForm,
  ): Promise<number> {
    const limit = new ByteLimit(this.config.env.VIDEO_MAX_BYTES, head.length);
    if (limit.bytes > this.config.env.VIDEO_MAX_BYTES) throw new PayloadTooLargeException('error.video.tooLarge');
    const body = new PassThrough({ highWaterMark: 1024 * 1024 });
    const upload = this.objects.multipartUpload(key, body, mimeType);
    let storageError: unknown;
    const uploaded = upload.done().catch((error: unknown) => {
      storageError ??= error;
      body.destroy();
      throw error;
    });
    uploaded.catch(() => undefined);
    const probe = this.tools.probeUpload(demuxerOf(mimeType)!, 'request');
    const tap = probe?.tap() ?? new PassThrough();
    let streaming = true;
    void probe?.result.then((declared) => {
      // At once, not after the rest of the upload; once it is in, the verdict below decides.
      const refused = streaming && declared && this.refusal(key, declared);
      if (refused) tap.destroy(refused);
    });
    body.write(head);
    void probe?.feed(head);
    try {
      await pipeline(file, limit, tap, body, { end: false });
      streaming = false;
      await form.complete;
      const declared = await probe?.result;
      const refused = declared && this.refusal(key, { ...declared, sizeBytes: limit.bytes });
      if (refused) throw refused;
      body.end();
      await uploaded;
      return limit.bytes;
    } catch (error) {
      streaming = false;
      // A part upload that failed makes lib-storage stop reading the body (ending its iteration
      // destroys it with an AbortError, or none once it had ended, where the pipeline destroys it
      // with the failure of a stream before it), and it names that failure only once its other part
      // uploads end: the store is at fault, whatever the pipeline reports first, and its error is
      // awaited before the abort could hide it.
      const storeGaveUp = body.destroyed && (!body.errored || body.errored.name === 'AbortError');
      body.destroy();
      if (storeGaveUp) await uploaded.catch(() => undefined);
      await upload.abort();
      if (error instanceof PayloadTooLargeException || error instanceof UnprocessableEntityException) throw error;
      // The store's own failure comes first: the body given up after it cuts off the form's file,
      // which the form may then report as its failure. A body given up fails the upload too, but
      // not with an error of the store.
      if (storeGaveUp || isStorageError(storageError)) {
        const reason = errorMessage(storageError ?? error);
        this.logger.warn(`storing message ${logId(messageIdOfKey(key) ?? key)} failed: ${reason}`);
        throw new ServiceUnavailableException('error.storageUnavailable');
      }
      if (form.failure) throw form.failure;
      throw incomplete();
    } finally {
      probe?.stop();
    }
  }

  /** 422 with the reason the giver is shown, for a video whose headers go beyond a phone's limits. */
  private refusal(key: string, declared: VideoProbe): UnprocessableEntityException | null {
    const refused = refusal(declared, this.tools.limits);
    if (!refused) return null;
    this.logger.warn(`message ${logId(messageIdOfKey(key) ?? key)} refused on upload: ${refused.message}`);
    return new UnprocessableEntityException(`error.video.${refused.reason}`);
  }
}

function incomplete(): HttpException {
  return new BadRequestException('error.video.incomplete');
}
