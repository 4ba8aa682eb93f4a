import type { ApiSchemas } from '../../../lib/api-client';
import { env } from '../../../lib/env';

/** Why an upload could never play: no picture, longer than the limit, or not readable as video. */
export type FailureReason = ApiSchemas['UnplayableReason'];

/**
 * A QR code's message. `processing` while the upload is transcoded for every phone; the URLs are
 * null until `ready`. `failed`: it could never play (`failureReason` says why), and the code is
 * unused again.
 */
export type Message = ApiSchemas['MessageResponse'];

/** A code's status and message, as GET /api/messages/{qrToken} sends them. */
export type QrMessage = ApiSchemas['CodeMessageResponse'];

/** The answer to a successful upload: the message and the key that lets this browser take it back. */
export type SentMessage = ApiSchemas['SentMessageResponse'];

/** How long a message is kept (the server's VIDEO_RETENTION_DAYS), as the giver and the expired page are told. */
export const RETENTION_DAYS = env.VIDEO_RETENTION_DAYS;

/** The longest recording (the server's VIDEO_MAX_SECONDS): it stops itself here. */
export const MAX_RECORDING_MS = env.VIDEO_MAX_SECONDS * 1000;

/** A recorded code whose message is not playable yet (or whose message the answer left out). */
export function isProcessing(data: QrMessage | null | undefined): boolean {
  return data?.status === 'recorded' && data.message?.state !== 'ready';
}
