import 'reflect-metadata';
import { PUBLIC_URL_PLACEHOLDER } from '@giftcast/contract/language';
import { Module, NotFoundException } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { Test } from '@nestjs/testing';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import request from 'supertest';
import type { BlogPost } from '../blog/blog-post.entity';
import { BlogModule } from '../blog/blog.module';
import { BlogService } from '../blog/blog.service';
import { appConfig } from '../config/app-config';
import { ConfigModule } from '../config/config.module';
import { parseConfig } from '../config/config.schema';
import { QrModule } from '../qr/qr.module';
import { QrService } from '../qr/qr.service';
import { TestimonialModule } from '../testimonial/testimonial.module';
import { TestimonialService } from '../testimonial/testimonial.service';
import { webBuildLayout } from './web-pages';
import { WebModule } from './web.module';

const PUBLIC_URL = 'https://gifts.example';
const HEAD =
  '<!--page-head--><title>Giftcast</title><meta property="og:site_name" content="Giftcast"/><!--/page-head-->';

/**
 * A web build as the frontend's makes it, with a server bundle that writes what it was called
 * with into the page: the language, the path and the seeds.
 */
function webBuild(): string {
  const root = mkdtempSync(join(tmpdir(), 'web-module-'));
  const { publicFiles, template, prerendered, serverBundle } = webBuildLayout(root);
  const page = (name: string) => `<html data-public-url="${PUBLIC_URL_PLACEHOLDER}"><head>${HEAD}</head>${name}</html>`;
  mkdirSync(join(publicFiles, 'assets'), { recursive: true });
  writeFileSync(join(publicFiles, 'assets', 'index-0123abcd.js'), 'console.log("giftcast")\n');
  writeFileSync(join(publicFiles, 'assets', 'index-0123abcd.js.gz'), gzipSync('console.log("giftcast")\n'));
  writeFileSync(join(publicFiles, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  mkdirSync(prerendered, { recursive: true });
  writeFileSync(template, page('<div id="root"></div>'));
  for (const language of ['ko', 'en']) {
    mkdirSync(join(prerendered, language), { recursive: true });
    for (const name of ['index', 'blog', 'how', 'blog-post', 'not-found']) {
      writeFileSync(join(prerendered, language, `${name}.html`), page(`prerendered ${name} ${language}`));
    }
  }
  writeFileSync(
    serverBundle,
    `export async function renderDocument(template, path, language, seeds) {
      return template.replace('<div id="root"></div>', '<div id="root">' + language + ' ' + path + ' ' + JSON.stringify(seeds) + '</div>');
    }`,
  );
  return root;
}

const post = {
  id: '6b1f9a3e-8c2d-4e5f-9a0b-1c2d3e4f5a6b',
  slug: 'spring-flowers',
  title: '봄꽃 선물',
  titleEn: 'Spring flowers',
  content: '본문',
  contentEn: null,
  excerpt: '봄꽃과 함께 영상 메시지를',
  excerptEn: null,
  thumbnailUrl: null,
  published: true,
  createdAt: new Date('2026-03-01T00:00:00Z'),
  updatedAt: new Date('2026-03-02T00:00:00Z'),
} as BlogPost;

const blog = {
  list: jest.fn(() => Promise.resolve([post])),
  bySlug: jest.fn((slug: string) =>
    slug === post.slug ? Promise.resolve(post) : Promise.reject(new NotFoundException('error.post.notFound')),
  ),
};
const testimonials = { featured: jest.fn(() => Promise.resolve([{ id: 't1', name: '김지은' }])) };
const qr = { available: jest.fn(() => Promise.resolve([{ id: 'q1', serialNumber: '0500', status: 'unused' }])) };

@Module({ providers: [{ provide: BlogService, useValue: blog }], exports: [BlogService] })
class FakeBlogModule {}
@Module({ providers: [{ provide: TestimonialService, useValue: testimonials }], exports: [TestimonialService] })
class FakeTestimonialModule {}
@Module({ providers: [{ provide: QrService, useValue: qr }], exports: [QrService] })
class FakeQrModule {}

describe('WebModule', () => {
  const root = webBuild();
  let app: NestExpressApplication;

  beforeAll(async () => {
    const { env } = parseConfig({ DATABASE_URL: 'postgres://giftcast@localhost/giftcast', PUBLIC_URL, WEB_ROOT: root });
    const moduleRef = await Test.createTestingModule({ imports: [ConfigModule.forRoot(appConfig(env)), WebModule] })
      .overrideModule(BlogModule)
      .useModule(FakeBlogModule)
      .overrideModule(TestimonialModule)
      .useModule(FakeTestimonialModule)
      .overrideModule(QrModule)
      .useModule(FakeQrModule)
      .compile();
    app = moduleRef.createNestApplication<NestExpressApplication>({ logger: false });
    app.setGlobalPrefix('api');
    await app.init();
  });

  afterAll(async () => {
    await app.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('renders the home page with the featured testimonials under their query key, on PUBLIC_URL', async () => {
    const response = await request(app.getHttpServer()).get('/').expect(200).expect('Content-Type', /html/);
    expect(response.text).toContain(`ko / [[["/api/testimonials/featured"],[{"id":"t1","name":"김지은"}]]]`);
    expect(response.text).toContain(`data-public-url="${PUBLIC_URL}"`);
    expect(response.headers.vary).toBe('Cookie');
  });

  it('renders the blog in the language of the visitor’s cookie, with the posts as the API answers them', async () => {
    const response = await request(app.getHttpServer()).get('/blog').set('Cookie', 'giftcast-language=en').expect(200);
    expect(response.text).toContain('en /blog [[["/api/posts?published=true"],[{"id":"6b1f9a3e');
    expect(response.text).toContain('"createdAt":"2026-03-01T00:00:00.000Z"');
  });

  it('renders a post with its data under the post’s query key, its head tags the render’s own', async () => {
    const response = await request(app.getHttpServer()).get('/blog/spring-flowers?lang=en').expect(200);
    expect(response.text).toContain('en /blog/spring-flowers [[["/api/posts/slug","spring-flowers"],{"id":');
    // The web build's render writes the post's head (the frontend's PageHead): nothing is spliced in.
    expect(response.text).toContain(HEAD);
  });

  it('answers an unknown post with the post page and status 404, kept out of search engines', async () => {
    const response = await request(app.getHttpServer()).get('/blog/no-such-post').expect(404);
    expect(response.text).toContain('prerendered blog-post ko');
    expect(response.headers['x-robots-tag']).toBe('noindex');
  });

  it.each(['/blog/%E0%A4%A', '/blog/%ZZ', '/%', '/assets/%ZZ', '/media/%E0%A4%A'])(
    'answers %s, which does not decode, with the 404 page and status 404',
    async (path) => {
      const response = await request(app.getHttpServer()).get(path).expect(404).expect('Content-Type', /html/);
      expect(response.text).toContain('prerendered not-found ko');
    },
  );

  it('serves the public files: a script with a year of caching, the favicon', async () => {
    const script = await request(app.getHttpServer()).get('/assets/index-0123abcd.js').expect(200);
    expect(script.text).toBe('console.log("giftcast")\n');
    expect(script.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    await request(app.getHttpServer()).get('/favicon.svg').expect(200).expect('Content-Type', /svg/);
  });

  it("serves a script's gzip copy from the build to a browser that takes gzip, cached the same", async () => {
    const script = await request(app.getHttpServer())
      .get('/assets/index-0123abcd.js')
      .set('Accept-Encoding', 'gzip, deflate, br')
      .expect(200);
    // The client takes the encoding off: the text is the gzip copy's, unpacked.
    expect(script.headers['content-encoding']).toBe('gzip');
    expect(script.headers['content-type']).toMatch(/javascript/);
    expect(script.headers['vary']).toMatch(/Accept-Encoding/);
    expect(script.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(script.text).toBe('console.log("giftcast")\n');
  });

  it.each([
    '/server/entry-server.js',
    '/%73erver/entry-server.js',
    '/%2573erver/entry-server.js',
    '/server/prerender/ko/index.html',
    '/server/%70rerender/ko/index.html',
    '/server/index.html',
    '/index.html',
    '/%69ndex.html',
    '/ssr/entry-server.js',
    '/%73sr/entry-server.js',
    '/%2573sr/entry-server.js',
    '/prerender/ko/index.html',
    '/%70rerender/ko/index.html',
    '/%2570rerender/ko/index.html',
    '/..%2fserver/entry-server.js',
    '/media/..%2f..%2fserver/entry-server.js',
    '/%2e%2e/server/prerender/ko/how.html',
  ])('never serves %s, outside the public files, but the 404 page', async (path) => {
    const response = await request(app.getHttpServer()).get(path).expect(404).expect('Content-Type', /html/);
    expect(response.text).toContain('prerendered not-found ko');
  });

  it('serves the prerendered page when the data cannot be read', async () => {
    testimonials.featured.mockRejectedValueOnce(new Error('database away'));
    const response = await request(app.getHttpServer()).get('/?lang=en').expect(200);
    expect(response.text).toContain('prerendered index en');
  });

  it('lists the public pages and published posts in the sitemap', async () => {
    const response = await request(app.getHttpServer()).get('/sitemap.xml').expect(200);
    expect(response.text).toContain(`<loc>${PUBLIC_URL}/how</loc>`);
    expect(response.text).toContain(`<loc>${PUBLIC_URL}/blog/spring-flowers?lang=en</loc>`);
  });

  it('answers the blog feed in Korean, and in English with ?lang=en, as RSS that caches ask for again', async () => {
    const korean = await request(app.getHttpServer()).get('/blog/feed.xml').expect(200);
    expect(korean.headers['content-type']).toBe('application/rss+xml; charset=utf-8');
    expect(korean.headers['cache-control']).toBe('public, no-cache');
    expect(korean.text).toContain('<language>ko</language>');
    expect(korean.text).toContain(`<link>${PUBLIC_URL}/blog/spring-flowers</link>`);
    expect(korean.text).toContain('<title><![CDATA[봄꽃 선물]]></title>');
    // The address alone decides: a feed reader's cookie does not change a feed.
    const english = await request(app.getHttpServer())
      .get('/blog/feed.xml?lang=en')
      .set('Cookie', 'giftcast-language=ko')
      .expect(200);
    expect(english.text).toContain('<title><![CDATA[Spring flowers]]></title>');
    expect(english.text).toContain(`<link>${PUBLIC_URL}/blog/spring-flowers?lang=en</link>`);
    // The brand as the web build wrote it.
    expect(english.text).toContain('<title>Giftcast Blog</title>');
  });

  it('answers an unchanged feed with 304 and a changed one anew: a post published, edited or deleted', async () => {
    const first = await request(app.getHttpServer()).get('/blog/feed.xml').expect(200);
    await request(app.getHttpServer()).get('/blog/feed.xml').set('If-None-Match', first.headers.etag).expect(304);

    const published = { ...post, id: 'c0ffee00-0000-4000-8000-000000000001', slug: 'new-post', title: '새 글' };
    blog.list.mockResolvedValue([published, post]);
    const afterPublish = await request(app.getHttpServer()).get('/blog/feed.xml').expect(200);
    expect(afterPublish.text).toContain(`<link>${PUBLIC_URL}/blog/new-post</link>`);
    expect(afterPublish.headers.etag).not.toBe(first.headers.etag);

    blog.list.mockResolvedValue([
      { ...published, title: '고친 새 글', updatedAt: new Date('2026-03-05T00:00:00Z') },
      post,
    ]);
    expect((await request(app.getHttpServer()).get('/blog/feed.xml')).text).toContain('<![CDATA[고친 새 글]]>');

    blog.list.mockResolvedValue([post]);
    const afterDelete = await request(app.getHttpServer()).get('/blog/feed.xml').expect(200);
    expect(afterDelete.text).not.toContain('new-post');
    expect(afterDelete.text).toBe(first.text);
  });

  it('names the blog feed in the sitemap and robots.txt', async () => {
    const sitemap = await request(app.getHttpServer()).get('/sitemap.xml').expect(200);
    expect(sitemap.text).toContain(`<loc>${PUBLIC_URL}/blog/feed.xml</loc>`);
    const robots = await request(app.getHttpServer()).get('/robots.txt').expect(200);
    expect(robots.text).toContain(`Sitemap: ${PUBLIC_URL}/blog/feed.xml`);
  });

  it('leaves every path under /api to the API', async () => {
    await request(app.getHttpServer()).get('/api/nope').expect(404).expect('Content-Type', /json/);
  });
});
