import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BlogPost } from '../blog/blog-post.entity';
import { brandOf } from './post-head';
import { robotsTxt, sitemapXml } from './sitemap';
import { PUBLIC_URL_PLACEHOLDER } from '@giftcast/contract/language';
import { WebPages, webBuildLayout } from './web-pages';

const PUBLIC_URL = 'https://gifts.example';

function page(language: string, name: string): string {
  return (
    `<html lang="${language}" data-public-url="${PUBLIC_URL_PLACEHOLDER}"><head><!--page-head-->` +
    `<title>${name} ${language}</title><meta property="og:site_name" content="Giftcast"/>` +
    `<link rel="canonical" href="${PUBLIC_URL_PLACEHOLDER}/${name}"/><!--/page-head--></head>` +
    `<body><div id="root">${name}</div></body></html>`
  );
}

function webBuild(): string {
  const root = mkdtempSync(join(tmpdir(), 'web-pages-'));
  const { template, prerendered } = webBuildLayout(root);
  mkdirSync(prerendered, { recursive: true });
  writeFileSync(template, `<html data-public-url="${PUBLIC_URL_PLACEHOLDER}"><div id="root"></div></html>`);
  for (const language of ['ko', 'en']) {
    mkdirSync(join(prerendered, language), { recursive: true });
    for (const name of ['index', 'how', 'blog', 'blog-post', 'not-found']) {
      writeFileSync(join(prerendered, language, `${name}.html`), page(language, name));
    }
  }
  return root;
}

const post = {
  slug: 'spring-flowers',
  title: '봄꽃 선물 <팁>',
  titleEn: 'Spring flower "tips"',
  excerpt: '봄꽃과 함께 영상 메시지를 보내는 방법을 알려드립니다.',
  excerptEn: null,
  thumbnailUrl: 'https://cdn.example/spring.jpg',
  createdAt: new Date('2026-03-01T00:00:00Z'),
  updatedAt: new Date('2026-03-02T00:00:00Z'),
} as BlogPost;

describe('WebPages', () => {
  const pages = new WebPages(webBuild(), PUBLIC_URL);

  it('answers a public page with its prerendered HTML in the asked language, on PUBLIC_URL', () => {
    const choice = pages.choose('/how', 'en');
    expect(choice).toEqual({ kind: 'page', path: '/how', html: expect.stringContaining('<title>how en</title>') });
    expect(choice.kind === 'page' && choice.html).toContain(`href="${PUBLIC_URL}/how"`);
    expect(choice.kind === 'page' && choice.html).not.toContain(PUBLIC_URL_PLACEHOLDER);
    expect(pages.choose('/how/', 'ko')).toEqual({
      kind: 'page',
      path: '/how',
      html: expect.stringContaining('<title>how ko</title>'),
    });
    expect(pages.choose('/', 'ko')).toEqual({
      kind: 'page',
      path: '/',
      html: expect.stringContaining('<title>index ko</title>'),
    });
  });

  it('sends a post path to the post shell with its slug', () => {
    expect(pages.choose('/blog/spring-flowers', 'ko')).toEqual({
      kind: 'post',
      slug: 'spring-flowers',
      shell: expect.stringContaining('<title>blog-post ko</title>'),
    });
  });

  it('answers app-only routes with the plain app page', () => {
    for (const path of ['/v/abc123', '/admin', '/admin/qr', '/admin-blog']) {
      expect(pages.choose(path, 'ko')).toEqual({
        kind: 'app',
        html: expect.stringContaining(`data-public-url="${PUBLIC_URL}"`),
      });
    }
  });

  it('renders the unsubscribe page per request, with the app page to fall back on', () => {
    for (const path of ['/unsubscribe', '/unsubscribe/']) {
      expect(pages.choose(path, 'en')).toEqual({
        kind: 'rendered',
        path: '/unsubscribe',
        fallback: expect.stringContaining(`data-public-url="${PUBLIC_URL}"`),
      });
    }
  });

  it('renders one unsubscribe page for every token, and the notice without one', () => {
    const rendered = (query: Record<string, unknown>) => pages.choose('/unsubscribe', 'ko', query);
    expect(rendered({ token: 'a-mail-token' })).toMatchObject({ kind: 'rendered', path: '/unsubscribe?token=link' });
    expect(rendered({ token: 'another' })).toMatchObject({ path: '/unsubscribe?token=link' });
    expect(rendered({ token: '  ' })).toMatchObject({ path: '/unsubscribe' });
    expect(rendered({ token: ['a', 'b'] })).toMatchObject({ path: '/unsubscribe' });
  });

  it('renders the subscription confirm page per request, one rendering for every token', () => {
    for (const path of ['/subscribe/confirm', '/subscribe/confirm/']) {
      expect(pages.choose(path, 'en')).toEqual({
        kind: 'rendered',
        path: '/subscribe/confirm',
        fallback: expect.stringContaining(`data-public-url="${PUBLIC_URL}"`),
      });
    }
    const rendered = (query: Record<string, unknown>) => pages.choose('/subscribe/confirm', 'ko', query);
    expect(rendered({ token: 'a-mail-token', lang: 'ko' })).toMatchObject({ path: '/subscribe/confirm?token=link' });
    expect(rendered({ token: 'another' })).toMatchObject({ path: '/subscribe/confirm?token=link' });
    expect(rendered({})).toMatchObject({ path: '/subscribe/confirm' });
    expect(pages.publicPaths).not.toContain('/subscribe/confirm');
  });

  it('answers unknown paths and the shells themselves with the 404 page', () => {
    for (const path of ['/nope', '/blog-post', '/not-found', '/how/deeper', '/blog/a/b']) {
      expect(pages.choose(path, 'en')).toEqual({
        kind: 'not-found',
        html: expect.stringContaining('<title>not-found en</title>'),
      });
    }
  });

  it('answers a path whose %-escapes do not decode with the 404 page, a post address too', () => {
    for (const path of ['/blog/%E0%A4%A', '/blog/%ZZ', '/%', '/v/%ZZ', '/admin/%E0%A4', '/unsubscribe%ZZ']) {
      expect(pages.choose(path, 'en')).toEqual({
        kind: 'not-found',
        html: expect.stringContaining('<title>not-found en</title>'),
      });
    }
    expect(pages.choose('/blog/%EB%B4%84', 'ko')).toMatchObject({ kind: 'post', slug: '봄' });
  });

  it('writes the settings the app reads from its page into <html>, escaped, on every page', () => {
    const withSettings = new WebPages(webBuild(), PUBLIC_URL, {
      'kakao-js-key': 'abc123',
      'kakao-sdk': 'https://x/"a"',
    });
    const attributes = ' data-kakao-js-key="abc123" data-kakao-sdk="https://x/&#34;a&#34;"';
    for (const choice of [withSettings.choose('/how', 'en'), withSettings.choose('/v/abc', 'ko')]) {
      expect('html' in choice && choice.html).toContain(`<html${attributes} `);
    }
    expect(withSettings.localize('<html lang="ko"><body></body></html>')).toBe(
      `<html${attributes} lang="ko"><body></body></html>`,
    );
    expect(pages.choose('/how', 'en')).toMatchObject({ html: expect.not.stringContaining('data-kakao') });
  });

  it("replaces the build's contact details, as text and in mailto: and tel: links, with the configured ones", () => {
    const footer =
      '<html lang="ko"><body><a href="mailto:hello@giftcast.example">hello@giftcast.example</a>' +
      '<a href="tel:+82200000000">+82-2-0000-0000</a></body></html>';
    const operator = new WebPages(webBuild(), PUBLIC_URL, {}, { email: 'shop@flowers.kr', phone: '+82 10-1234-5678' });
    expect(operator.localize(footer)).toBe(
      '<html lang="ko"><body><a href="mailto:shop@flowers.kr">shop@flowers.kr</a>' +
        '<a href="tel:+821012345678">+82 10-1234-5678</a></body></html>',
    );
    // Unconfigured, the build's own stay.
    expect(pages.localize(footer)).toBe(footer);
  });

  it('lists the public paths, not the shells', () => {
    expect(pages.publicPaths).toEqual(['/', '/blog', '/how']);
  });
});

describe('brand', () => {
  it('is read from the head tags the web build wrote', () => {
    expect(brandOf(page('ko', 'blog-post'))).toBe('Giftcast');
  });
});

describe('sitemap and robots', () => {
  it('lists every public path and post, and the blog feed, in both languages with their alternates', () => {
    const xml = sitemapXml(PUBLIC_URL, ['/', '/how'], [post]);
    for (const loc of [
      '/',
      '/?lang=en',
      '/how',
      '/how?lang=en',
      '/blog/spring-flowers',
      '/blog/spring-flowers?lang=en',
      '/blog/feed.xml',
      '/blog/feed.xml?lang=en',
    ]) {
      expect(xml).toContain(`<loc>${PUBLIC_URL}${loc}</loc>`);
    }
    expect(xml.match(/<url>/g)).toHaveLength(8);
    // The feed changed when its newest post did.
    expect(xml).toContain(`<loc>${PUBLIC_URL}/blog/feed.xml?lang=en</loc>`);
    expect(xml.split(`<loc>${PUBLIC_URL}/blog/feed.xml</loc>`)[1]).toMatch(
      /^[^]*?<lastmod>2026-03-02T00:00:00.000Z<\/lastmod><\/url>/,
    );
    expect(xml).toContain(`<xhtml:link rel="alternate" hreflang="en" href="${PUBLIC_URL}/how?lang=en"/>`);
    expect(xml).toContain('<lastmod>2026-03-02T00:00:00.000Z</lastmod>');
  });

  it('points crawlers at the sitemap and the blog feed, and away from the API, the console and message pages', () => {
    const robots = robotsTxt(PUBLIC_URL);
    expect(robots).toContain(`Sitemap: ${PUBLIC_URL}/sitemap.xml`);
    expect(robots).toContain(`Sitemap: ${PUBLIC_URL}/blog/feed.xml`);
    expect(robots).toMatch(/Disallow: \/api\/\nDisallow: \/admin\nDisallow: \/v\//);
  });
});
