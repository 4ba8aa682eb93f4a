// The translations a page needs beyond the site's own Korean words (./ko/site.json, always loaded),
// fetched with the page's code and in the language shown: a visitor never downloads the legal
// texts, the admin console's or the other pages' words, nor the other language's until they
// switch to it (lib/i18n.ts then fetches the areas they have seen).

import type { Language } from '../lib/i18n';

type Dictionary = Record<string, unknown>;
type AreaLoader = (language: Language) => Promise<{ default: Dictionary }>;

export const translationAreas = {
  site: (language) => (language === 'en' ? import('./en/site.json') : import('./ko/site.json')),
  home: (language) => (language === 'en' ? import('./en/home.json') : import('./ko/home.json')),
  pages: (language) => (language === 'en' ? import('./en/pages.json') : import('./ko/pages.json')),
  legal: (language) => (language === 'en' ? import('./en/legal.json') : import('./ko/legal.json')),
  inquiry: (language) => (language === 'en' ? import('./en/inquiry.json') : import('./ko/inquiry.json')),
  blog: (language) => (language === 'en' ? import('./en/blog.json') : import('./ko/blog.json')),
  try: (language) => (language === 'en' ? import('./en/try.json') : import('./ko/try.json')),
  message: (language) => (language === 'en' ? import('./en/message.json') : import('./ko/message.json')),
  admin: (language) => (language === 'en' ? import('./en/admin.json') : import('./ko/admin.json')),
} satisfies Record<string, AreaLoader>;

export type TranslationArea = Exclude<keyof typeof translationAreas, 'site'>;
