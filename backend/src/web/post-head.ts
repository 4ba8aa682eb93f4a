import type { Language } from '@giftcast/contract/language';
import type { BlogPost } from '../blog/blog-post.entity';
import { BLOG_FEED_TYPE, blogFeedTitle, blogFeedUrl } from './blog-feed-link';
import { escapeHtml } from './web-pages';

const OG_LOCALES = { ko: 'ko_KR', en: 'en_US' } as const;

/** The text of a post in a language: English when asked for and present, else Korean. */
export function inLanguage(korean: string, english: string | null, language: Language): string {
  return language === 'en' && english?.trim() ? english : korean;
}

/** The site's link-preview picture in a language (frontend/scripts/make-share-images.mjs). */
export const shareImageUrl = (publicUrl: string, language: Language) => `${publicUrl}/media/share-${language}.jpg`;

/**
 * The head tags of one post, written by the server into the post page it returns, so that
 * search engines and link previews see the post without running JavaScript. Marked so the app
 * replaces them with its own once it runs.
 */
export function postHeadTags(post: BlogPost, language: Language, publicUrl: string, brand: string): string {
  const title = `${inLanguage(post.title, post.titleEn, language)} | ${brand}`;
  const description = inLanguage(post.excerpt, post.excerptEn, language);
  const korean = `${publicUrl}/blog/${encodeURIComponent(post.slug)}`;
  const english = `${korean}?lang=en`;
  const url = language === 'en' ? english : korean;
  const other = language === 'en' ? 'ko' : 'en';
  const image = post.thumbnailUrl || shareImageUrl(publicUrl, language);
  const tags: [string, Record<string, string>][] = [
    ['meta', { name: 'description', content: description }],
    ['meta', { name: 'robots', content: 'index, follow' }],
    ['link', { rel: 'canonical', href: url }],
    ['link', { rel: 'alternate', hreflang: 'ko', href: korean }],
    ['link', { rel: 'alternate', hreflang: 'en', href: english }],
    ['link', { rel: 'alternate', hreflang: 'x-default', href: korean }],
    [
      'link',
      {
        rel: 'alternate',
        type: BLOG_FEED_TYPE,
        title: blogFeedTitle(brand, language),
        href: blogFeedUrl(publicUrl, language),
      },
    ],
    ['meta', { property: 'og:type', content: 'article' }],
    ['meta', { property: 'og:site_name', content: brand }],
    ['meta', { property: 'og:title', content: title }],
    ['meta', { property: 'og:description', content: description }],
    ['meta', { property: 'og:url', content: url }],
    ['meta', { property: 'og:locale', content: OG_LOCALES[language] }],
    ['meta', { property: 'og:locale:alternate', content: OG_LOCALES[other] }],
    ['meta', { property: 'article:published_time', content: post.createdAt.toISOString() }],
    ['meta', { property: 'article:modified_time', content: post.updatedAt.toISOString() }],
    // The post's thumbnail, else the site's share picture.
    ['meta', { property: 'og:image', content: image }],
    ['meta', { property: 'og:image:alt', content: title }],
    ['meta', { name: 'twitter:card', content: 'summary_large_image' }],
    ['meta', { name: 'twitter:title', content: title }],
    ['meta', { name: 'twitter:description', content: description }],
    ['meta', { name: 'twitter:image', content: image }],
  ];
  const attributes = (values: Record<string, string>) =>
    Object.entries(values)
      .map(([name, value]) => ` ${name}="${escapeHtml(value)}"`)
      .join('');
  return [
    `<title data-server-head>${escapeHtml(title)}</title>`,
    ...tags.map(([tag, values]) => `<${tag} data-server-head${attributes(values)}>`),
  ].join('');
}

/** Where the web build's prerendering put a page's head tags (frontend/scripts/prerender.mjs). */
const PAGE_HEAD_START = '<!--page-head-->';
const PAGE_HEAD_END = '<!--/page-head-->';

/** The post page: the prerendered shell with its generic head tags replaced by the post's. */
export function withPostHead(shell: string, headTags: string): string {
  const start = shell.indexOf(PAGE_HEAD_START);
  const end = shell.indexOf(PAGE_HEAD_END);
  if (start < 0 || end < start) return shell;
  return shell.slice(0, start + PAGE_HEAD_START.length) + headTags + shell.slice(end);
}

/** The brand as the web build wrote it (og:site_name), so it stays in one place. */
export function brandOf(html: string): string {
  return /<meta property="og:site_name" content="([^"]*)"/.exec(html)?.[1] ?? 'Giftcast';
}
