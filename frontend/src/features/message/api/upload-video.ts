import { currentLanguage } from '../../../lib/i18n';
import { videoPath, type SentMessage } from './message';

export interface VideoUpload {
  /** The server's answer; rejects with `"<status>: <body>"` like the api client, or an AbortError. */
  done: Promise<SentMessage>;
  abort: () => void;
}

/**
 * Sends the video as the one `video` field of a multipart form. XMLHttpRequest rather than fetch:
 * only it reports upload progress in every browser.
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
      if (xhr.status >= 200 && xhr.status < 300) {
        try {
          resolve(JSON.parse(xhr.responseText) as SentMessage);
        } catch {
          reject(new Error(`${xhr.status}: unreadable answer`));
        }
      } else {
        reject(new Error(`${xhr.status}: ${xhr.responseText || xhr.statusText}`));
      }
    };
    xhr.onerror = () => reject(new Error('Network error while uploading'));
    xhr.onabort = () => reject(new DOMException('Upload cancelled', 'AbortError'));
  });

  const form = new FormData();
  form.append('video', video, fileName);
  xhr.open('POST', videoPath(qrToken));
  // The server answers its errors in the visitor's language.
  xhr.setRequestHeader('Accept-Language', currentLanguage());
  xhr.withCredentials = true;
  xhr.send(form);

  return { done, abort: () => xhr.abort() };
}

export function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}
