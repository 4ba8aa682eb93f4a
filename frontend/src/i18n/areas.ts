// The site's words in i18next namespaces, one per area of the product: `site` (the shell's words;
// Korean comes with the app's first script) and one for each page's area, fetched with the page's
// code and in the language shown. A visitor never downloads the legal texts, the admin console's
// or the other pages' words, nor the other language's until they switch to it.

import type { Language } from '@giftcast/contract/language';

type Dictionary = Record<string, unknown>;
type NamespaceLoader = (language: Language) => Promise<{ default: Dictionary }>;

export const translationFiles = {
  site: (language) => (language === 'en' ? import('./en/site.json') : import('./ko/site.json')),
  home: (language) => (language === 'en' ? import('./en/home.json') : import('./ko/home.json')),
  pages: (language) => (language === 'en' ? import('./en/pages.json') : import('./ko/pages.json')),
  legal: (language) => (language === 'en' ? import('./en/legal.json') : import('./ko/legal.json')),
  inquiry: (language) => (language === 'en' ? import('./en/inquiry.json') : import('./ko/inquiry.json')),
  blog: (language) => (language === 'en' ? import('./en/blog.json') : import('./ko/blog.json')),
  try: (language) => (language === 'en' ? import('./en/try.json') : import('./ko/try.json')),
  message: (language) => (language === 'en' ? import('./en/message.json') : import('./ko/message.json')),
  admin: (language) => (language === 'en' ? import('./en/admin.json') : import('./ko/admin.json')),
} satisfies Record<string, NamespaceLoader>;

export type Namespace = keyof typeof translationFiles;

/** The namespaces a page may need beyond `site`, which every page has. */
export type TranslationArea = Exclude<Namespace, 'site'>;

/**
 * Where a key is looked up after `site`: every key starts with its area's name (`home.heading`),
 * unique across the files (i18n/translations.test.ts), so components need not name a namespace.
 */
export const TRANSLATION_AREAS = [
  'home',
  'pages',
  'legal',
  'inquiry',
  'blog',
  'try',
  'message',
  'admin',
] as const satisfies readonly TranslationArea[];
