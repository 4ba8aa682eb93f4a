import { ApiError } from '../../../lib/api-client';
import { currentLanguage } from '../../../lib/i18n';
import type { SentMessage } from './message';

export interface VideoUpload {
  /** The server's answer; rejects with an ApiError as the api client does, or an AbortError. */
  done: Promise<SentMessage>;
  abort: () => void;
}

/**
 * Sends the video as the one `video` field of a multipart form (POST /api/messages/{qrToken}/video).
 * XMLHttpRequest rather than the api client's fetch: only it reports upload progress in every
 * browser.
 */
export function uploadVideo(
  qrToken: string,
  video: Blob,
  fileName: string,
  onProgress: (fraction: number) => void,
): VideoUpload {
  const xhr = new XMLHttpRequest();

  const done = new Promise<SentMessage>((resolve, reject) => {
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(Math.min(event.loaded / event.total, 1));
    };
    xhr.onload = () => {
      if (xhr.status < 200 || xhr.status >= 300) {
        reject(new ApiError(xhr.status, xhr.statusText, xhr.responseText));
        return;
      }
      try {
        resolve(JSON.parse(xhr.responseText) as SentMessage);
      } catch {
        reject(new Error('The upload was answered with unreadable JSON'));
      }
    };
    xhr.onerror = () => reject(new Error('Network error while uploading'));
    xhr.onabort = () => reject(new DOMException('Upload cancelled', 'AbortError'));
  });

  const form = new FormData();
  form.append('video', video, fileName);
  xhr.open('POST', `/api/messages/${encodeURIComponent(qrToken)}/video`);
  // The server answers its errors in the visitor's language.
  xhr.setRequestHeader('Accept-Language', currentLanguage());
  xhr.withCredentials = true;
  xhr.send(form);

  return { done, abort: () => xhr.abort() };
}

export function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}
