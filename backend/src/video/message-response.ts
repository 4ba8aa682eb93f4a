import { TAKE_BACK_HOURS } from '@giftcast/contract/limits';
import { ApiProperty } from '@nestjs/swagger';
import { QR_STATUSES, type QrStatus } from '../qr/qr-code';
import { UNPLAYABLE_REASONS, type UnplayableReason } from './ffmpeg';
import type { VideoMessage } from './video-message.entity';

const HOUR_MS = 3600 * 1000;
const DAY_MS = 24 * HOUR_MS;

const MESSAGE_STATES = ['processing', 'ready', 'failed'] as const;

/** A code's message; the URLs and the video's figures are null until it is ready. */
export class MessageResponse {
  @ApiProperty({ format: 'uuid' })
  id: string;

  @ApiProperty({
    enum: MESSAGE_STATES,
    enumName: 'MessageState',
    description: '`failed`: the video could never play (failureReason says why) and the code is free again',
  })
  state: (typeof MESSAGE_STATES)[number];

  @ApiProperty({ enum: UNPLAYABLE_REASONS, enumName: 'UnplayableReason', nullable: true })
  failureReason: UnplayableReason | null;

  @ApiProperty({ type: String, nullable: true })
  videoUrl: string | null;

  @ApiProperty({ type: String, nullable: true })
  posterUrl: string | null;

  @ApiProperty({ type: String, nullable: true })
  downloadUrl: string | null;

  @ApiProperty({ type: String, nullable: true })
  mimeType: string | null;

  @ApiProperty({ type: Number, nullable: true })
  sizeBytes: number | null;

  @ApiProperty({ type: Number, nullable: true })
  durationSeconds: number | null;

  @ApiProperty({ format: 'date-time' })
  createdAt: string;

  @ApiProperty({ format: 'date-time' })
  expiresAt: string;

  @ApiProperty({ format: 'date-time', description: 'Until when its giver may take it back' })
  takeBackUntil: string;
}

export class CodeMessageResponse {
  @ApiProperty()
  serialNumber: string;

  @ApiProperty({ enum: QR_STATUSES, enumName: 'QrStatus' })
  status: QrStatus;

  @ApiProperty({
    description:
      'A code listed on /try, whose token anyone may have seen: it is recorded on only after POST /api/qr/{qrToken}/take gives a fresh token',
  })
  listed: boolean;

  @ApiProperty({ type: MessageResponse, nullable: true })
  message: MessageResponse | null;
}

/** The answer to an upload: the message and the key that lets its giver take it back. */
export class SentMessageResponse {
  @ApiProperty()
  message: MessageResponse;

  @ApiProperty({ description: 'The X-Owner-Key of the take-back call' })
  ownerKey: string;
}

export function expiresAt(message: Pick<VideoMessage, 'createdAt'>, retentionDays: number): Date {
  return new Date(message.createdAt.getTime() + retentionDays * DAY_MS);
}

export function takeBackUntil(message: Pick<VideoMessage, 'createdAt'>): Date {
  return new Date(message.createdAt.getTime() + TAKE_BACK_HOURS * HOUR_MS);
}

export function toMessageResponse(message: VideoMessage, retentionDays: number): MessageResponse {
  const ready = message.state === 'ready';
  const base = `/api/videos/${message.id}`;
  return {
    id: message.id,
    state: message.state === 'uploading' ? 'processing' : message.state,
    failureReason: message.state === 'failed' ? message.failureReason : null,
    videoUrl: ready ? base : null,
    posterUrl: ready ? `${base}/poster.jpg` : null,
    downloadUrl: ready ? `${base}?download=1` : null,
    mimeType: ready ? 'video/mp4' : null,
    sizeBytes: ready ? message.sizeBytes : null,
    durationSeconds: ready ? message.durationSeconds : null,
    createdAt: message.createdAt.toISOString(),
    expiresAt: expiresAt(message, retentionDays).toISOString(),
    takeBackUntil: takeBackUntil(message).toISOString(),
  };
}
