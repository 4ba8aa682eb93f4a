/**
 * Container and codecs to ask MediaRecorder for, best first: WebM (Chrome, Firefox, Android;
 * Safari 18.4+), then MP4 (older Safari). The server transcodes either to an MP4 every phone plays.
 */
export const RECORDER_MIME_TYPES = [
  'video/webm;codecs=vp9,opus',
  'video/webm;codecs=vp8,opus',
  'video/webm',
  'video/mp4;codecs=avc1,mp4a',
  'video/mp4',
] as const;

/** The first type this browser records, or undefined to let it pick its own default. */
export function pickRecorderMimeType(
  isTypeSupported: (type: string) => boolean = (type) => MediaRecorder.isTypeSupported(type),
): string | undefined {
  return RECORDER_MIME_TYPES.find((type) => {
    try {
      return isTypeSupported(type);
    } catch {
      return false;
    }
  });
}

/** A file name for a recording, whose extension matches what the browser produced. */
export function recordingFileName(mimeType: string): string {
  return mimeType.startsWith('video/mp4') ? 'message.mp4' : 'message.webm';
}

export function canRecord(): boolean {
  return (
    typeof MediaRecorder !== 'undefined' &&
    typeof navigator !== 'undefined' &&
    typeof navigator.mediaDevices?.getUserMedia === 'function'
  );
}
