import { createStore, del, get, set, type UseStore } from 'idb-keyval';

/** A video on its way: kept in IndexedDB until the server holds all of it, so a reload goes on. */
export interface PendingUpload {
  video: Blob;
  fileName: string;
  /** The tus upload's URL once the server created it. */
  uploadUrl: string | null;
  /** The key the server gave with the upload; it opens HEAD, PATCH and DELETE on it. */
  ownerKey: string | null;
}

let store: UseStore | null = null;

function uploadsStore(): UseStore {
  store ??= createStore('giftcast-uploads', 'pending');
  return store;
}

function isPendingUpload(value: unknown): value is PendingUpload {
  const entry = value as PendingUpload | undefined;
  return (
    typeof entry === 'object' &&
    entry !== null &&
    entry.video instanceof Blob &&
    typeof entry.fileName === 'string' &&
    (entry.uploadUrl === null || typeof entry.uploadUrl === 'string') &&
    (entry.ownerKey === null || typeof entry.ownerKey === 'string')
  );
}

// A browser without IndexedDB (or with it blocked) still sends; only the resume after a reload is lost.

export async function readPendingUpload(qrToken: string): Promise<PendingUpload | null> {
  try {
    const entry: unknown = await get(qrToken, uploadsStore());
    return isPendingUpload(entry) ? entry : null;
  } catch {
    return null;
  }
}

export async function savePendingUpload(qrToken: string, entry: PendingUpload): Promise<void> {
  try {
    await set(qrToken, entry, uploadsStore());
  } catch {
    // See above: the upload goes on without a copy.
  }
}

export async function forgetPendingUpload(qrToken: string): Promise<void> {
  try {
    await del(qrToken, uploadsStore());
  } catch {
    // Nothing was kept.
  }
}
