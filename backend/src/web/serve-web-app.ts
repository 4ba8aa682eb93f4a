import { Logger, NotFoundException } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import express, { type NextFunction, type Request, type Response } from 'express';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { BlogPost } from '../blog/blog-post.entity';
import { BlogService } from '../blog/blog.service';
import { isDatabaseUnavailable } from '../common/outage';
import { toPostResponse } from '../blog/post-response';
import { QrService } from '../qr/qr.service';
import { TestimonialService } from '../testimonial/testimonial.service';
import { brandOf, postHeadTags, withPostHead } from './post-head';
import { loadPageRenderer, type QuerySeed } from './page-renderer';
import { RenderedPages } from './rendered-pages';
import { robotsTxt, sitemapXml } from './sitemap';
import { WebPages, type PageLanguage } from './web-pages';

/** Set by the app when a visitor picks a language (frontend/src/lib/i18n.ts). */
const LANGUAGE_COOKIE = /(?:^|;\s*)giftcast-language=(ko|en)(?:;|$)/;

/**
 * The page's language: the address's `?lang=` (what links and search engines carry), else the
 * visitor's remembered choice, else Korean.
 */
export function pageLanguage(request: Pick<Request, 'query' | 'headers'>): PageLanguage {
  const asked = request.query.lang;
  if (asked === 'en' || asked === 'ko') return asked;
  return LANGUAGE_COOKIE.exec(request.headers.cookie ?? '')?.[1] === 'en' ? 'en' : 'ko';
}

/**
 * Serves the built web app beside the API (`make run`, and behind nginx in Docker): hashed assets
 * cached for a year; public pages as prerendered HTML in the visitor's language (see pageLanguage);
 * the pages that show stored data rendered per request with it in the HTML (the home page's
 * featured testimonials, the blog's list and posts, a post with its own head tags, the QR codes
 * /try offers); unknown paths as the 404 page with status 404; robots.txt and a sitemap of every
 * public page and published post.
 */
export function serveWebApp(app: NestExpressApplication, webRoot: string, publicUrl: string): void {
  const root = resolve(webRoot);
  if (!existsSync(join(root, 'index.html')))
    throw new Error(`WEB_ROOT ${root} has no index.html: build the frontend first`);
  const logger = new Logger('Web');
  const pages = new WebPages(root, publicUrl);
  const blog = app.get(BlogService, { strict: false });
  const testimonials = app.get(TestimonialService, { strict: false });
  const qr = app.get(QrService, { strict: false });
  const renderer = loadPageRenderer(root);
  // Rendering takes tens of milliseconds; the same data give the same page, so it is kept.
  const rendered = new RenderedPages();
  /** A page rendered with the data it shows, or null without the server bundle. */
  const renderPage = async (path: string, language: PageLanguage, seeds: QuerySeed[]) => {
    const render = await renderer;
    if (!render) return null;
    return rendered.html(`${language} ${path}`, seeds, async () =>
      pages.localize(await render(pages.template, path, language, seeds)),
    );
  };
  // The API's own answers, as the app would fetch them (frontend/src/features/*/api).
  const asFetched = (answer: unknown): unknown => JSON.parse(JSON.stringify(answer));
  const postSeed = (post: BlogPost): QuerySeed => [
    ['/api/posts/slug', encodeURIComponent(post.slug)],
    asFetched(toPostResponse(post)),
  ];
  /** The public pages rendered per request, with the data each shows. */
  const pageSeeds: Record<string, () => Promise<QuerySeed[]>> = {
    '/': async () => [[['/api/testimonials/featured'], asFetched(await testimonials.featured())]],
    '/blog': async () => [[['/api/posts?published=true'], asFetched((await blog.list(false)).map(toPostResponse))]],
    // The list as the stream's first event would bring it; the page follows the stream from there.
    '/try': async () => [[['/api/qr/available'], asFetched(await qr.available())]],
  };

  app.use(
    '/assets',
    express.static(join(root, 'assets'), { immutable: true, maxAge: '365d', index: false, fallthrough: false }),
  );
  // Static files at the root (favicon, media); the prerendered pages are only served as pages,
  // and the server bundle not at all.
  const staticFiles = express.static(root, { index: false, maxAge: '1h' });
  app.use((request: Request, response: Response, next: NextFunction) =>
    /^\/(prerender|ssr)\//.test(request.path) ? next() : staticFiles(request, response, next),
  );

  const server = app.getHttpAdapter().getInstance() as express.Express;
  server.get('/robots.txt', (_request: Request, response: Response) => {
    response.type('text/plain').setHeader('Cache-Control', 'public, max-age=3600');
    response.send(robotsTxt(publicUrl));
  });

  server.get('/sitemap.xml', (_request: Request, response: Response, next: NextFunction) => {
    blog
      .list(false)
      .then((posts) => {
        response.type('application/xml').setHeader('Cache-Control', 'public, max-age=600');
        response.send(sitemapXml(publicUrl, pages.publicPaths, posts));
      })
      .catch(next);
  });

  app.use((request: Request, response: Response, next: NextFunction) => {
    const isPage = (request.method === 'GET' || request.method === 'HEAD') && !/^\/api(\/|$)/.test(request.path);
    if (!isPage) return next();
    const language = pageLanguage(request);
    const choice = pages.choose(request.path, language, request.query);
    response.setHeader('Cache-Control', 'no-cache');
    // The same address is Korean or English by the visitor's cookie: caches must keep both.
    response.setHeader('Vary', 'Cookie');
    response.type('html');

    switch (choice.kind) {
      case 'page': {
        const seeds = pageSeeds[choice.path];
        if (!seeds) return void response.send(choice.html);
        seeds()
          .then((data) => renderPage(choice.path, language, data))
          .then((html) => response.send(html ?? choice.html))
          .catch((error: unknown) => {
            // The database is away: the prerendered page still shows, and the app fetches the rest.
            logger.warn(`${request.path} served without its data: ${String(error)}`);
            response.send(choice.html);
          });
        return;
      }
      case 'app':
        response.setHeader('X-Robots-Tag', 'noindex');
        return void response.send(choice.html);
      case 'rendered':
        response.setHeader('X-Robots-Tag', 'noindex');
        renderPage(choice.path, language, [])
          .then((html) => response.send(html ?? choice.fallback))
          .catch(next);
        return;
      case 'not-found':
        return void response.status(404).send(choice.html);
      case 'post':
        blog
          .bySlug(choice.slug, false)
          .then(async (post) => {
            const page = (await renderPage(request.path, language, [postSeed(post)])) ?? choice.shell;
            response.send(withPostHead(page, postHeadTags(post, language, publicUrl, brandOf(choice.shell))));
          })
          .catch((error: unknown) => {
            if (isDatabaseUnavailable(error)) return void response.status(503).send(choice.shell);
            if (!(error instanceof NotFoundException)) return next(error);
            // The app shows 'Content not found' for it; crawlers get the status.
            response.status(404).setHeader('X-Robots-Tag', 'noindex').send(choice.shell);
          });
    }
  });
}
