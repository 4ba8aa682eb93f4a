import { createHash, randomBytes } from 'node:crypto';

/** The hash a confirmation token is stored and looked up by: a leaked table confirms nobody. */
export function confirmTokenHash(token: string): Buffer {
  return createHash('sha256').update(token, 'utf8').digest();
}

/** A fresh token for a confirmation link (256 random bits, URL-safe) and the hash to store. */
export function newConfirmToken(): { token: string; hash: Buffer } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: confirmTokenHash(token) };
}
