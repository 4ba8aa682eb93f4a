import createCache, { type EmotionCache } from '@emotion/cache';

/**
 * Our Emotion key: class names read `gc-…`. Not Emotion's default `css`, whose cache
 * @emotion/react creates as it loads, to adopt the server's `css` tags and move them.
 */
const KEY = 'gc';
/**
 * The server's style tags carry their rule names here rather than in `data-emotion`, where the
 * browser's cache would find them and move each (taking a style sheet out and putting it back
 * makes the browser restyle the whole page: hundreds of milliseconds on a phone).
 */
const SERVER_ATTRIBUTE = 'data-server-styles';

/**
 * Emotion's cache for rendering a page on the server. In compat mode it only collects the styles
 * (instead of writing a <style> beside each element); entry-server.tsx puts them into <head>.
 */
export function createServerStyleCache(): EmotionCache {
  const cache = createCache({ key: KEY });
  cache.compat = true;
  return cache;
}

/** The server's style tags, named for the browser's cache to adopt (createBrowserStyleCache). */
export function markServerStyleTags(tags: string): string {
  return tags.replaceAll('<style data-emotion=', `<style ${SERVER_ATTRIBUTE}=`);
}

/**
 * Emotion's cache in the browser. On a prerendered page it adopts the server's style tags as
 * they stand, as Emotion's own hydration would but without moving them: it knows their rules
 * (so it writes none of them again) and adds new rules in a tag right after them.
 */
export function createBrowserStyleCache(): EmotionCache {
  const cache = createCache({ key: KEY });
  for (const tag of document.head.querySelectorAll<HTMLStyleElement>(`style[${SERVER_ATTRIBUTE}^="${KEY} "]`)) {
    for (const name of tag.getAttribute(SERVER_ATTRIBUTE)!.split(' ').slice(1)) cache.inserted[name] = true;
    cache.sheet.tags.push(tag);
  }
  return cache;
}

/** The page came with Chakra's global styles (reset, tokens, base): the app need not write them again. */
export function hasServerGlobalStyles(): boolean {
  return document.head.querySelector(`style[${SERVER_ATTRIBUTE}^="${KEY}-global "]`) !== null;
}
