/** The site's languages; Korean, the first, is the default. */
export const LANGUAGES = ['ko', 'en'] as const;

export type Language = (typeof LANGUAGES)[number];

/**
 * The visitor's chosen language: the cookie the server renders pages by, and the key the browser
 * keeps it under.
 */
export const LANGUAGE_COOKIE = 'giftcast-language';

/**
 * The origin the web build writes into its pages (frontend/index.html, the prerendered pages); the
 * backend replaces it with its PUBLIC_URL in every page it serves. A reserved .invalid name, so it
 * can never be a real site.
 */
export const PUBLIC_URL_PLACEHOLDER = 'https://public-url.invalid';
