/** Every object of a message lives under its own prefix, so one listing finds them all. */
export const VIDEO_PREFIX = 'videos/';

export const videoKeys = (messageId: string) => ({
  prefix: `${VIDEO_PREFIX}${messageId}/`,
  original: `${VIDEO_PREFIX}${messageId}/original`,
  video: `${VIDEO_PREFIX}${messageId}/video.mp4`,
  poster: `${VIDEO_PREFIX}${messageId}/poster.jpg`,
});

/** The message id of a key under VIDEO_PREFIX, or null. */
export function messageIdOfKey(key: string): string | null {
  const match = /^videos\/([0-9a-f-]{36})\//.exec(key);
  return match ? match[1] : null;
}
