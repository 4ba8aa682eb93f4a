// The translations a page needs beyond the site's own (./ko/site.json, always loaded), fetched with
// the page's code: a visitor never downloads the legal texts, the admin console's or the other
// pages' words. Both languages at once, so the language toggle switches without waiting.

type Dictionary = Record<string, unknown>;
type AreaLoader = () => Promise<[{ default: Dictionary }, { default: Dictionary }]>;

export const translationAreas = {
  home: () => Promise.all([import('./ko/home.json'), import('./en/home.json')]),
  pages: () => Promise.all([import('./ko/pages.json'), import('./en/pages.json')]),
  legal: () => Promise.all([import('./ko/legal.json'), import('./en/legal.json')]),
  inquiry: () => Promise.all([import('./ko/inquiry.json'), import('./en/inquiry.json')]),
  blog: () => Promise.all([import('./ko/blog.json'), import('./en/blog.json')]),
  try: () => Promise.all([import('./ko/try.json'), import('./en/try.json')]),
  message: () => Promise.all([import('./ko/message.json'), import('./en/message.json')]),
  admin: () => Promise.all([import('./ko/admin.json'), import('./en/admin.json')]),
} satisfies Record<string, AreaLoader>;

export type TranslationArea = keyof typeof translationAreas;
