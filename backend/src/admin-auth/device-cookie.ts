import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { keyFromSecret } from './secret-keys';

/** The cookie that marks a browser from which the admin logged in before. */
export const DEVICE_COOKIE = 'giftcast_admin_device';
/** Sent with the login alone. */
export const DEVICE_COOKIE_PATH = '/api/admin/verify';
/** A year: an admin who logs in now and then keeps the browser known. */
export const DEVICE_COOKIE_MAX_AGE_MS = 365 * 24 * 3600 * 1000;

/** `<id>.<signature>`: 128 random bits, then the HMAC-SHA256 of the id, both base64url. */
const VALUE = /^([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/;

/**
 * Device cookies (OWASP, "Slow Down Online Guessing Attacks with Device Cookies"): a random id
 * signed with a key derived from JWT_SECRET. Only this server can issue one, and only on a
 * successful login; the throttle judges a browser that shows one by that id's failures alone.
 */
export class DeviceCookies {
  private readonly key: Buffer;

  constructor(jwtSecret: string) {
    this.key = keyFromSecret(jwtSecret, 'admin device cookie');
  }

  /** The value of a new device cookie. */
  issue(): string {
    const id = randomBytes(16).toString('base64url');
    return `${id}.${this.signature(id)}`;
  }

  /** The id of a cookie this server issued; undefined for anything else (forged, altered, absent). */
  idOf(value: string | undefined): string | undefined {
    const match = VALUE.exec(value ?? '');
    if (!match) return undefined;
    const [, id, signature] = match;
    // The signatures' text is compared, in constant time: two spellings of the same bytes never both pass.
    return timingSafeEqual(Buffer.from(signature), Buffer.from(this.signature(id))) ? id : undefined;
  }

  private signature(id: string): string {
    return createHmac('sha256', this.key).update(id).digest('base64url');
  }
}
