import type { BlogPost } from '../blog/blog-post.entity';
import { BLOG_FEED_PATH, feedLastChanged } from './blog-feed-link';
import { escapeHtml } from './web-pages';

interface SitemapEntry {
  path: string;
  lastModified?: Date;
}

/**
 * Every public page and post, and the blog's feed, in Korean (the plain path) and English
 * (`?lang=en`), each naming its alternates; the feed last changed with the newest change of a post.
 */
export function sitemapXml(publicUrl: string, publicPaths: string[], posts: BlogPost[]): string {
  const entries: SitemapEntry[] = [
    ...publicPaths.map((path) => ({ path })),
    ...posts.map((post) => ({ path: `/blog/${encodeURIComponent(post.slug)}`, lastModified: post.updatedAt })),
    { path: BLOG_FEED_PATH, lastModified: feedLastChanged(posts) },
  ];
  const urls = entries.flatMap(({ path, lastModified }) => {
    const korean = `${publicUrl}${path}`;
    const english = `${korean}?lang=en`;
    const alternates = [
      `<xhtml:link rel="alternate" hreflang="ko" href="${escapeHtml(korean)}"/>`,
      `<xhtml:link rel="alternate" hreflang="en" href="${escapeHtml(english)}"/>`,
      `<xhtml:link rel="alternate" hreflang="x-default" href="${escapeHtml(korean)}"/>`,
    ].join('');
    const modified = lastModified ? `<lastmod>${lastModified.toISOString()}</lastmod>` : '';
    return [korean, english].map((loc) => `<url><loc>${escapeHtml(loc)}</loc>${alternates}${modified}</url>`);
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}

export function robotsTxt(publicUrl: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /api/',
    'Disallow: /admin',
    'Disallow: /v/',
    '',
    `Sitemap: ${publicUrl}/sitemap.xml`,
    // Search engines take an RSS feed as a sitemap of the newest posts (Google, Naver).
    `Sitemap: ${publicUrl}${BLOG_FEED_PATH}`,
    '',
  ].join('\n');
}
