/** Why an upload could never play: no picture, longer than the limit, or not readable as video. */
export type FailureReason = 'noVideo' | 'tooLong' | 'unreadable';

/** A QR code's message as GET /api/messages/{qrToken} sends it. */
export interface Message {
  id: string;
  /**
   * `processing` while the upload is transcoded for every phone; the URLs are null until `ready`.
   * `failed`: it could never play (`failureReason` says why), and the code is unused again.
   */
  state: 'processing' | 'ready' | 'failed';
  failureReason: FailureReason | null;
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

export type QrStatus = 'unused' | 'recorded' | 'expired' | 'disabled';

export interface QrMessage {
  serialNumber: string;
  status: QrStatus;
  message: Message | null;
}

/** The answer to a successful upload: the message and the key that lets this browser take it back. */
export interface SentMessage {
  message: Message;
  ownerKey: string;
}

/** How long a message is kept (the spec's retention), shown on the expired page. */
export const RETENTION_DAYS = 7;

/** The longest recording: it stops itself here. */
export const MAX_RECORDING_MS = 3 * 60 * 1000;

export function messagePath(qrToken: string): string {
  return `/api/messages/${encodeURIComponent(qrToken)}`;
}

export function videoPath(qrToken: string): string {
  return `${messagePath(qrToken)}/video`;
}

/** A recorded code whose message is not playable yet (or whose message the answer left out). */
export function isProcessing(data: QrMessage | null | undefined): boolean {
  return data?.status === 'recorded' && data.message?.state !== 'ready';
}

/** The HTTP status of a failed call made through the api client or the upload (`"409: {...}"`). */
export function failedStatus(error: unknown): number | undefined {
  if (!(error instanceof Error)) return undefined;
  const match = /^(\d{3}): /.exec(error.message);
  return match ? Number(match[1]) : undefined;
}
