import createCache, { type EmotionCache } from '@emotion/cache';

/** Our Emotion key: class names and the server's style tags read `gc-…`. */
const KEY = 'gc';

/**
 * Emotion's cache, the same on both sides. In the browser it takes over the server's
 * `<style data-emotion="gc …">` tags (Emotion's hydration), so it writes none of their rules again.
 * On the server, in compat mode, it collects the styles rather than writing a `<style>` beside each
 * element; entry-server.tsx puts them into `<head>` (`@emotion/server`'s extraction).
 */
export function createStyleCache(): EmotionCache {
  const cache = createCache({ key: KEY });
  if (typeof document === 'undefined') cache.compat = true;
  return cache;
}
