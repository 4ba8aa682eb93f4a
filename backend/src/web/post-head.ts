import type { Language } from '@giftcast/contract/language';
// A post's page carries its own head tags from the web build's server render (the frontend's
// PageHead); what the feed and the sitemap need of the same texts is here.

/** The text of a post in a language: English when asked for and present, else Korean. */
export function inLanguage(korean: string, english: string | null, language: Language): string {
  return language === 'en' && english?.trim() ? english : korean;
}

/** The site's link-preview picture in a language (frontend/scripts/make-share-images.mjs). */
export const shareImageUrl = (publicUrl: string, language: Language) => `${publicUrl}/media/share-${language}.jpg`;

/** The brand as the web build wrote it (og:site_name), so it stays in one place. */
export function brandOf(html: string): string {
  return /<meta property="og:site_name" content="([^"]*)"/.exec(html)?.[1] ?? 'Giftcast';
}
