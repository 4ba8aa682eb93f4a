import { timingSafeEqual } from 'node:crypto';
import type { Readable } from 'node:stream';
import { ConflictException, ForbiddenException, HttpStatus, Injectable, NotFoundException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { NoSuchKey } from '@aws-sdk/client-s3';
import { isUUID } from 'class-validator';
import type { Repository } from 'typeorm';
import { Clock } from '../common/clock';
import { HttpExceptionWithHeaders } from '../common/http-exception.filter';
import { AppConfig } from '../config/app-config';
import { isListed } from '../qr/qr-code';
import { QrService } from '../qr/qr.service';
import { type ByteRange, parseByteRange } from './byte-range';
import { type CodeMessageResponse, expiresAt, takeBackUntil, toMessageResponse } from './message-response';
import { VideoMessage } from './video-message.entity';
import { MessageLifecycle } from './message-lifecycle';
import type { StoredObject } from './storage-links';
import { hashOwnerKey } from './video-upload.service';
import { type StoredBytes, VideoStorage } from './video-storage';

export class RangeNotSatisfiableException extends HttpExceptionWithHeaders {
  constructor(size: number) {
    super('error.video.range', HttpStatus.REQUESTED_RANGE_NOT_SATISFIABLE, { 'Content-Range': `bytes */${size}` });
  }
}

export interface StoredFile {
  body: Readable;
  contentType: string;
  /** Bytes in this answer. */
  length: number;
  /** Bytes in the whole file. */
  size: number;
  range: { start: number; end: number } | null;
  fileName: string;
}

const videoFileName = (message: VideoMessage) => `giftcast-${message.serialNumber}.mp4`;

@Injectable()
export class VideoService {
  constructor(
    @InjectRepository(VideoMessage) private readonly messages: Repository<VideoMessage>,
    private readonly qr: QrService,
    private readonly objects: VideoStorage,
    private readonly config: AppConfig,
    private readonly clock: Clock,
    private readonly lifecycle: MessageLifecycle,
  ) {}

  /**
   * What the page of a scanned code shows: its message, or on an unused code the last attempt that
   * failed, so that the giver learns why.
   */
  async forCode(qrToken: string): Promise<CodeMessageResponse> {
    const code = await this.qr.byToken(qrToken);
    const shown = code.status === 'recorded' || code.status === 'unused';
    const message = shown ? await this.messages.findOneBy({ qrCodeId: code.id }) : null;
    const visible =
      message &&
      (code.status === 'recorded'
        ? message.state !== 'uploading' && message.state !== 'failed'
        : message.state === 'failed')
        ? message
        : null;
    // Past its time the message is gone, whether or not the purge has run yet.
    const expired = code.status === 'recorded' && visible !== null && this.isExpired(visible);
    return {
      serialNumber: code.serialNumber,
      status: expired ? 'expired' : code.status,
      listed: isListed(code),
      message: visible && !expired ? toMessageResponse(visible, this.config.env.VIDEO_RETENTION_DAYS) : null,
    };
  }

  /** The giver takes the message back within 24 hours; the code can be recorded on again. */
  async takeBack(qrToken: string, ownerKey: string | undefined): Promise<void> {
    const code = await this.qr.byToken(qrToken);
    const message = await this.messages.findOneBy({ qrCodeId: code.id });
    if (!message || message.state === 'uploading' || message.state === 'failed') {
      throw new NotFoundException('error.video.notFound');
    }
    const given = Buffer.from(hashOwnerKey(ownerKey ?? ''), 'hex');
    if (!ownerKey || !timingSafeEqual(given, Buffer.from(message.ownerKeyHash, 'hex'))) {
      throw new ForbiddenException('error.ownerKey.wrong');
    }
    if (this.clock.now() > takeBackUntil(message)) throw new ConflictException('error.ownerKey.expired');
    await this.lifecycle.discard(message);
  }

  async video(id: string, rangeHeader: string | undefined): Promise<StoredFile> {
    const message = await this.ready(id);
    const size = message.sizeBytes ?? 0;
    const range: ByteRange = parseByteRange(rangeHeader, size);
    if (range === 'unsatisfiable') throw new RangeNotSatisfiableException(size);
    const { body } = await this.read(message.videoKey!, range);
    return {
      body,
      contentType: 'video/mp4',
      length: range ? range.end - range.start + 1 : size,
      size,
      range,
      fileName: videoFileName(message),
    };
  }

  /**
   * The video's object, for its bytes to come from storage itself: allowed as video() allows it,
   * and a range that cannot be served refused here, in the API's shape.
   */
  async videoObject(id: string, rangeHeader: string | undefined): Promise<StoredObject> {
    const message = await this.ready(id);
    const size = message.sizeBytes ?? 0;
    if (parseByteRange(rangeHeader, size) === 'unsatisfiable') throw new RangeNotSatisfiableException(size);
    return { key: message.videoKey!, contentType: 'video/mp4', fileName: videoFileName(message) };
  }

  async posterObject(id: string): Promise<StoredObject> {
    const message = await this.ready(id);
    return { key: message.posterKey!, contentType: 'image/jpeg', fileName: `giftcast-${message.serialNumber}.jpg` };
  }

  async poster(id: string): Promise<StoredFile> {
    const message = await this.ready(id);
    const object = await this.read(message.posterKey!, null);
    const length = object.length ?? 0;
    return {
      body: object.body,
      contentType: 'image/jpeg',
      length,
      size: length,
      range: null,
      fileName: `giftcast-${message.serialNumber}.jpg`,
    };
  }

  /** A ready message within its time: one past it is not found, as it will be once purged. */
  private async ready(id: string): Promise<VideoMessage> {
    const message = isUUID(id) ? await this.messages.findOneBy({ id, state: 'ready' }) : null;
    if (!message || this.isExpired(message)) throw new NotFoundException('error.video.notFound');
    return message;
  }

  /** Kept VIDEO_RETENTION_DAYS: from then on the purge deletes it (its `created_at <= now - days`). */
  private isExpired(message: VideoMessage): boolean {
    return this.clock.now() >= expiresAt(message, this.config.env.VIDEO_RETENTION_DAYS);
  }

  private async read(key: string, range: { start: number; end: number } | null): Promise<StoredBytes> {
    try {
      return await this.objects.read(key, { range });
    } catch (error) {
      // Deleted by the purge between the row lookup and the read.
      if (error instanceof NoSuchKey) throw new NotFoundException('error.video.notFound');
      throw error;
    }
  }
}
