import { randomBytes } from 'node:crypto';

/** 144 random bits, URL-safe: unguessable, so a code's link cannot be derived from another's. */
export function newQrToken(): string {
  return randomBytes(18).toString('base64url');
}

export const QR_TOKEN_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;
