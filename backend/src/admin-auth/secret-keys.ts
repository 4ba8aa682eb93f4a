import { hkdfSync } from 'node:crypto';

/**
 * A key of its own for each use of JWT_SECRET (HKDF-SHA256, the use as its info), so that a value
 * signed for one purpose is never accepted for another.
 */
export function keyFromSecret(secret: string, purpose: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, '', `giftcast ${purpose}`, 32));
}
