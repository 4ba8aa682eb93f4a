import { errorMessage } from '../common/error-message';

/** Tries per mail in all, the first included. */
export const MAX_SEND_ATTEMPTS = 3;

export type FailureStep =
  | { status: 'pending'; attempts: number; nextAttemptAt: Date; lastError: string }
  | { status: 'failed'; attempts: number; lastError: string };

/** nodemailer's error for an SMTP reply carries its code; a 5xx is the server's final word. */
export function isPermanentRefusal(error: unknown): boolean {
  const code = (error as { responseCode?: unknown } | null)?.responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}

/** A short, storable account of why a send failed (never the message itself). */
export function describeFailure(error: unknown): string {
  return errorMessage(error).slice(0, 500);
}

/**
 * What happens to a mail after a failed try: a permanent refusal, or the last allowed try, marks it
 * failed; anything else (4xx, connection lost, timeout) waits retrySeconds, then four times as long.
 */
export function afterFailure(previousAttempts: number, error: unknown, now: Date, retrySeconds: number): FailureStep {
  const attempts = previousAttempts + 1;
  const lastError = describeFailure(error);
  if (isPermanentRefusal(error) || attempts >= MAX_SEND_ATTEMPTS) return { status: 'failed', attempts, lastError };
  const delayMs = retrySeconds * 1000 * 4 ** (attempts - 1);
  return { status: 'pending', attempts, nextAttemptAt: new Date(now.getTime() + delayMs), lastError };
}
