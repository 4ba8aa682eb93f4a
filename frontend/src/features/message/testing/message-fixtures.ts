import type { Message, QrMessage } from '../api/message';

// Midday UTC: the same calendar day in every test machine's time zone.
const EXPIRES_AT = '2030-05-17T12:00:00.000Z';
export const TAKE_BACK_UNTIL = '2030-05-11T12:00:00.000Z';

export function readyMessage(overrides: Partial<Message> = {}): Message {
  return {
    id: 'msg-1',
    state: 'ready',
    videoUrl: '/api/videos/msg-1',
    posterUrl: '/api/videos/msg-1/poster.jpg',
    downloadUrl: '/api/videos/msg-1?download=1',
    mimeType: 'video/mp4',
    sizeBytes: 1_234_567,
    durationSeconds: 12,
    failureReason: null,
    createdAt: '2030-05-10T12:00:00.000Z',
    expiresAt: EXPIRES_AT,
    takeBackUntil: TAKE_BACK_UNTIL,
    ...overrides,
  };
}

export function processingMessage(overrides: Partial<Message> = {}): Message {
  return readyMessage({ state: 'processing', videoUrl: null, posterUrl: null, downloadUrl: null, ...overrides });
}

/** A message that could never play: the code is unused again, the reason with it. */
export function failedMessage(failureReason: NonNullable<Message['failureReason']>): Message {
  return processingMessage({ state: 'failed', failureReason, sizeBytes: null, durationSeconds: null });
}

export function code(status: QrMessage['status'], message: Message | null = null, listed = false): QrMessage {
  return { serialNumber: '0042', status, listed, message };
}
