import { DetailedError, Upload, type HttpRequest, type HttpResponse } from 'tus-js-client';
import { ApiError } from '../../../lib/api-client';
import { currentLanguage } from '../../../lib/i18n';
import type { SentMessage } from './message';
import { forgetPendingUpload, savePendingUpload, type PendingUpload } from './pending-uploads';

export interface VideoUpload {
  /**
   * The server's answer to the last chunk; null when the upload was already complete on the
   * server but its answer was lost (the code's state tells the rest). Rejects with an ApiError
   * as the api client does, or an AbortError.
   */
  done: Promise<SentMessage | null>;
  /** Cancel: ends the upload on the server (tus termination) and forgets it here. */
  abort: () => void;
  /** Stops sending but keeps the upload here and there, for this page to go on with later. */
  pause: () => void;
}

/**
 * Why the upload waits to go on by itself: the connection is gone, or the server keeps answering
 * with errors of its own (5xx: an outage, a deploy); false while it goes.
 */
export type UploadWaiting = 'network' | 'server' | false;

export interface UploadCallbacks {
  /** The share of the bytes the server holds, from 0 to 1; never smaller than before. */
  onProgress: (fraction: number) => void;
  onWaiting: (waiting: UploadWaiting) => void;
}

/** Chunks a phone sends in a few seconds on mobile data; a drop costs at most one of them. */
export const CHUNK_BYTES = 6 * 1024 * 1024;
/** Retries with back-off after a failed request; reset whenever a chunk gets through. */
const RETRY_DELAYS = [0, 1_000, 3_000, 5_000, 10_000, 20_000, 30_000];
/** Once the retries are spent on a network that seems up, the next round starts after this. */
const NEXT_ROUND_MS = 30_000;

const OWNER_KEY_HEADER = 'X-Owner-Key';

/** A server error (5xx) answering the HEAD that asks where to go on from: passing, so retried. */
class ServerErrorOnResume extends Error {
  constructor(readonly status: number) {
    super(`The server answered ${status} to the upload's offset`);
  }
}

function statusOf(error: unknown): number {
  if (!(error instanceof DetailedError)) return 0;
  if (error.causingError instanceof ServerErrorOnResume) return error.causingError.status;
  return error.originalResponse?.getStatus() ?? 0;
}

/** 501 at creation: the server takes no resumable uploads (its storage cannot), only one request. */
function isResumableOff(error: unknown): boolean {
  return statusOf(error) === 501 && error instanceof DetailedError && error.originalRequest?.getMethod() === 'POST';
}

/**
 * A refusal the server means (an HTTP 4xx, or 415/422 for a file that is no video), as opposed to
 * a lost connection or a passing server fault. 409 on a PATCH is an offset the client corrects
 * itself with a HEAD; 409 on the creation means the code was claimed. 423 means an earlier
 * connection of ours still holds the upload on the server: it lets go, and the retry goes on.
 * 408 is a proxy giving up on a chunk that stalled (nginx's client_body_timeout): the connection's
 * fault, retried like a drop.
 */
function isRefusal(error: unknown): boolean {
  const status = statusOf(error);
  if (status < 400 || status >= 500) return false;
  const method = error instanceof DetailedError ? error.originalRequest?.getMethod() : undefined;
  return !(status === 408 || status === 423 || (method === 'PATCH' && status === 409));
}

function apiErrorOf(error: unknown): Error {
  if (error instanceof DetailedError && error.originalResponse) {
    const response = error.originalResponse;
    return new ApiError(response.getStatus(), '', response.getBody());
  }
  return error instanceof Error ? error : new Error(String(error));
}

/** The message and owner key of the server's answer to the last bytes; null when the body holds none (a proxy's page). */
function sentMessageOf(responseBody: string): SentMessage | null {
  try {
    const body = JSON.parse(responseBody) as Partial<SentMessage> | null;
    return body?.message && body.ownerKey ? (body as SentMessage) : null;
  } catch {
    return null;
  }
}

/**
 * Sends the video with the tus protocol (POST /api/messages/{qrToken}/uploads, then PATCHes of
 * CHUNK_BYTES to /api/uploads/{id}): a dropped connection retries with back-off from the
 * server's offset, and the video with its upload URL and owner key stays in IndexedDB until the
 * upload completes, so a reloaded page goes on where it was (`pending`).
 */
export function uploadVideo(
  qrToken: string,
  pending: PendingUpload,
  { onProgress, onWaiting }: UploadCallbacks,
): VideoUpload {
  let ownerKey = pending.ownerKey;
  let shown = 0;
  let cancelled = false;
  let nextRound: ReturnType<typeof setTimeout> | undefined;
  let inOneRequest: XMLHttpRequest | undefined;
  let resolveDone: (sent: SentMessage | null) => void = () => undefined;
  let rejectDone: (error: unknown) => void = () => undefined;
  const done = new Promise<SentMessage | null>((resolve, reject) => {
    resolveDone = resolve;
    rejectDone = reject;
  });

  // A retried chunk starts over from the server's offset: the bar keeps its place meanwhile.
  const advance = (fraction: number) => {
    if (fraction <= shown) return;
    shown = fraction;
    onProgress(fraction);
  };

  function resume() {
    stopWaiting();
    upload.start();
  }
  function stopWaiting() {
    window.removeEventListener('online', resume);
    clearTimeout(nextRound);
  }
  const showOffline = () => onWaiting('network');
  const hideOffline = () => onWaiting(navigator.onLine ? false : 'network');
  window.addEventListener('offline', showOffline);
  window.addEventListener('online', hideOffline);
  const detach = () => {
    stopWaiting();
    window.removeEventListener('offline', showOffline);
    window.removeEventListener('online', hideOffline);
  };

  const upload = new Upload(pending.video, {
    endpoint: `/api/messages/${encodeURIComponent(qrToken)}/uploads`,
    uploadUrl: pending.uploadUrl,
    chunkSize: CHUNK_BYTES,
    retryDelays: RETRY_DELAYS,
    metadata: { filename: pending.fileName, filetype: pending.video.type || 'application/octet-stream' },
    // The upload's URL and key live in IndexedDB beside the video, not in tus-js-client's localStorage.
    storeFingerprintForResuming: false,
    // Retried whatever the browser says of the network: an offline spell just spends a delay.
    onShouldRetry: (error) => !isRefusal(error) && !isResumableOff(error),
    onBeforeRequest: (request: HttpRequest) => {
      // The server answers its errors in the visitor's language.
      request.setHeader('Accept-Language', currentLanguage());
      if (request.getMethod() !== 'POST' && ownerKey) request.setHeader(OWNER_KEY_HEADER, ownerKey);
    },
    onAfterResponse: (request: HttpRequest, response: HttpResponse) => {
      const key = request.getMethod() === 'POST' ? response.getHeader(OWNER_KEY_HEADER) : undefined;
      if (key) ownerKey = key;
      // tus-js-client meets a HEAD it cannot use by creating a new upload, which the server refuses
      // while this one holds the code (409). A server error there (an outage, a deploy) is passing:
      // made an error, it is retried like a drop, from this same upload.
      if (request.getMethod() === 'HEAD' && response.getStatus() >= 500) {
        throw new ServerErrorOnResume(response.getStatus());
      }
    },
    onUploadUrlAvailable: () => {
      // Kept before the first chunk goes: a reload from here on resumes this very upload.
      void savePendingUpload(qrToken, { ...pending, uploadUrl: upload.url, ownerKey });
    },
    // Within a chunk the bar follows the bytes as they leave.
    onProgress: (bytesSent, bytesTotal) => advance(bytesTotal > 0 ? bytesSent / bytesTotal : 0),
    onChunkComplete: (_chunkSize, bytesAccepted, bytesTotal) => {
      onWaiting(false);
      advance(bytesTotal > 0 ? bytesAccepted / bytesTotal : 0);
    },
    onSuccess: ({ lastResponse }) => {
      detach();
      void forgetPendingUpload(qrToken);
      resolveDone(sentMessageOf(lastResponse.getBody()));
    },
    onError: (error) => {
      if (cancelled) return;
      if (isResumableOff(error)) {
        inOneRequest = sendInOneRequest(qrToken, pending, advance, (sent, failure) => {
          detach();
          void forgetPendingUpload(qrToken);
          if (failure === undefined) resolveDone(sent);
          else rejectDone(failure);
        });
        return;
      }
      if (!isRefusal(error)) {
        // The retries are spent: wait for the network (or a while), then go on from the server's offset.
        onWaiting(statusOf(error) >= 500 ? 'server' : 'network');
        window.addEventListener('online', resume, { once: true });
        nextRound = setTimeout(resume, NEXT_ROUND_MS);
        return;
      }
      detach();
      // The server will never take this upload (refused, expired, the code claimed): forget it,
      // there too, so that the code is free for the next try (DELETE with the owner key; a 404
      // where the server dropped it itself).
      void forgetPendingUpload(qrToken);
      if (upload.url) upload.abort(true).catch(() => undefined);
      rejectDone(apiErrorOf(error));
    },
  });

  upload.start();

  return {
    done,
    abort: () => {
      cancelled = true;
      detach();
      void forgetPendingUpload(qrToken);
      // Terminates on the server when the upload exists there (DELETE with the owner key).
      upload.abort(upload.url !== null).catch(() => undefined);
      inOneRequest?.abort();
      rejectDone(new DOMException('Upload cancelled', 'AbortError'));
    },
    pause: () => {
      cancelled = true;
      detach();
      void upload.abort(false);
      inOneRequest?.abort();
    },
  };
}

/**
 * Sends the video as the one `video` field of a multipart form (POST /api/messages/{qrToken}/video),
 * where the server takes no resumable uploads. XMLHttpRequest: only it reports upload progress in
 * every browser.
 */
function sendInOneRequest(
  qrToken: string,
  { video, fileName }: PendingUpload,
  onProgress: (fraction: number) => void,
  onEnd: (sent: SentMessage | null, failure?: unknown) => void,
): XMLHttpRequest {
  const xhr = new XMLHttpRequest();
  xhr.upload.onprogress = (event) => {
    if (event.lengthComputable && event.total > 0) onProgress(Math.min(event.loaded / event.total, 1));
  };
  xhr.onload = () => {
    if (xhr.status < 200 || xhr.status >= 300) onEnd(null, new ApiError(xhr.status, xhr.statusText, xhr.responseText));
    // Taken, but the answer is not the API's (a proxy's page): the code's state says the rest.
    else onEnd(sentMessageOf(xhr.responseText));
  };
  xhr.onerror = () => onEnd(null, new Error('Network error while uploading'));
  const form = new FormData();
  form.append('video', video, fileName);
  xhr.open('POST', `/api/messages/${encodeURIComponent(qrToken)}/video`);
  // The server answers its errors in the visitor's language.
  xhr.setRequestHeader('Accept-Language', currentLanguage());
  xhr.send(form);
  return xhr;
}

export function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}
