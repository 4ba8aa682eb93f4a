import { useCallback, useState } from 'react';

/** Where this browser keeps the keys of the messages it sent: `{ [qrToken]: OwnerKey }`. */
export const OWNER_KEYS_STORAGE_KEY = 'giftcast-owner-keys';

export interface OwnerKey {
  ownerKey: string;
  takeBackUntil: string;
}

type OwnerKeys = Record<string, OwnerKey>;

function isOwnerKey(value: unknown): value is OwnerKey {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as OwnerKey).ownerKey === 'string' &&
    typeof (value as OwnerKey).takeBackUntil === 'string'
  );
}

function readAll(): OwnerKeys {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(OWNER_KEYS_STORAGE_KEY) ?? '{}');
    if (typeof parsed !== 'object' || parsed === null) return {};
    return Object.fromEntries<OwnerKey>(Object.entries(parsed).filter(([, value]) => isOwnerKey(value)));
  } catch {
    // Unreadable or unavailable storage: this browser holds no keys.
    return {};
  }
}

function writeAll(keys: OwnerKeys): void {
  try {
    if (Object.keys(keys).length === 0) localStorage.removeItem(OWNER_KEYS_STORAGE_KEY);
    else localStorage.setItem(OWNER_KEYS_STORAGE_KEY, JSON.stringify(keys));
  } catch {
    // Private mode without storage: the message is sent, only taking it back is lost.
  }
}

export function readOwnerKey(qrToken: string): OwnerKey | null {
  return readAll()[qrToken] ?? null;
}

export function saveOwnerKey(qrToken: string, key: OwnerKey): void {
  const now = Date.now();
  // Keys whose take-back window has closed open nothing any more: drop them while we are here.
  const live = Object.entries(readAll()).filter(([, entry]) => Date.parse(entry.takeBackUntil) > now);
  writeAll({ ...Object.fromEntries(live), [qrToken]: key });
}

export function forgetOwnerKey(qrToken: string): void {
  const { [qrToken]: _forgotten, ...rest } = readAll();
  writeAll(rest);
}

/** True while the key still opens the take-back window. */
export function canTakeBack(key: OwnerKey | null, now = Date.now()): key is OwnerKey {
  return key !== null && Date.parse(key.takeBackUntil) > now;
}

/** This browser's key for one code (the page is keyed by the code, so it is read once). */
export function useOwnerKey(qrToken: string) {
  const [key, setKey] = useState(() => readOwnerKey(qrToken));

  const save = useCallback(
    (next: OwnerKey) => {
      saveOwnerKey(qrToken, next);
      setKey(next);
    },
    [qrToken],
  );

  const forget = useCallback(() => {
    forgetOwnerKey(qrToken);
    setKey(null);
  }, [qrToken]);

  return { key, save, forget };
}
