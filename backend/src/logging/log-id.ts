import { createHash } from 'node:crypto';

/**
 * How a log line names a video id, a QR token or anything else whose knowledge grants access:
 * the first 12 hex digits of its SHA-256. Lines about the same thing still match, and whoever
 * holds the id can find its lines (`logId(id)`), but the log gives nothing away.
 */
export function logId(secret: string): string {
  return createHash('sha256').update(secret).digest('hex').slice(0, 12);
}
