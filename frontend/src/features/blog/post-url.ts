import { pageAlternates, shareImage } from '../../components/page-head';
import { env } from '../../lib/env';
import type { Language } from '../../lib/i18n';

/** A post's page in the app. */
export const postPath = (slug: string) => `/blog/${encodeURIComponent(slug)}`;

/**
 * A post's canonical address in a language, on the site's own origin (env.PUBLIC_URL): the one
 * its page's canonical link states, and what every share channel shares.
 */
export const postUrl = (slug: string, language: Language) => pageAlternates(postPath(slug))[language];

/** The blog's RSS feed in a language (the backend's /blog/feed.xml, `?lang=en` for English). */
export const blogFeedUrl = (language: Language) => pageAlternates('/blog/feed.xml')[language];

/**
 * A post's picture as an absolute address (link previews and KakaoTalk's card fetch it from their
 * servers): its thumbnail, else the site's share picture in the language, as its og:image.
 */
export function postImageUrl(thumbnailUrl: string | null, language: Language): string {
  return thumbnailUrl ? new URL(thumbnailUrl, env.PUBLIC_URL).href : shareImage(language).url;
}
