import type { QrStatus } from '../qr/qr-code';
import type { UnplayableReason } from './ffmpeg';
import type { VideoMessage } from './video-message.entity';

export const TAKE_BACK_HOURS = 24;
const HOUR_MS = 3600 * 1000;
const DAY_MS = 24 * HOUR_MS;

export interface MessageResponse {
  id: string;
  /** `failed`: the video could never play (failureReason says why) and the code is free again. */
  state: 'processing' | 'ready' | 'failed';
  failureReason: UnplayableReason | null;
  videoUrl: string | null;
  posterUrl: string | null;
  downloadUrl: string | null;
  mimeType: string | null;
  sizeBytes: number | null;
  durationSeconds: number | null;
  createdAt: string;
  expiresAt: string;
  takeBackUntil: string;
}

export interface CodeMessageResponse {
  serialNumber: string;
  status: QrStatus;
  message: MessageResponse | null;
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
