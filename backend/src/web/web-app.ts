import { LANGUAGE_COOKIE, type Language } from '@giftcast/contract/language';
import { isLanguage } from '../common/messages';
import { Injectable, Logger, NotFoundException } from '@nestjs/common';
import { parse as parseCookie } from 'cookie';
import express, { type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import expressStaticGzip from 'express-static-gzip';
import { join } from 'node:path';
import { BlogService } from '../blog/blog.service';
import { isDatabaseUnavailable } from '../common/outage';
import { isApiPath, isDecodablePath } from '../common/request-path';
import { AppConfig } from '../config/app-config';
import { blogFeedXml } from './blog-feed';
import { BLOG_FEED_PATH, BLOG_FEED_TYPE } from './blog-feed-link';
import { PageRenderer } from './page-renderer';
import { PageSeeds } from './page-seeds';
import { brandOf } from './post-head';
import { RenderedPages } from './rendered-pages';
import { robotsTxt, sitemapXml } from './sitemap';
import { WebPages } from './web-pages';

/**
 * The page's language: the address's `?lang=` (what links and search engines carry), else the
 * visitor's remembered choice, else Korean.
 */
export function pageLanguage(request: Pick<Request, 'query' | 'headers'>): Language {
  const asked = request.query.lang;
  if (isLanguage(asked)) return asked;
  // Set by the app when a visitor picks a language (frontend/src/lib/i18n.ts).
  return parseCookie(request.headers.cookie ?? '')[LANGUAGE_COOKIE] === 'en' ? 'en' : 'ko';
}

/** A file server for the paths that decode: any other names no file, and the pages answer it as unknown. */
function files(serve: RequestHandler): RequestHandler {
  return (request, response, next) => (isDecodablePath(request.path) ? serve(request, response, next) : next());
}

/**
 * The built web app beside the API (`make run`, and behind nginx in Docker): hashed assets cached
 * for a year, compressed by the build; public pages as prerendered HTML in the visitor's language (see pageLanguage); the
 * pages that show stored data rendered per request with it in the HTML (the home page's featured
 * testimonials, the blog's list and posts, a post with its own head tags, the QR codes /try
 * offers); unknown paths as the 404 page with status 404; robots.txt, a sitemap of every
 * public page and published post, and the blog's RSS feed in each language.
 */
@Injectable()
export class WebApp {
  private readonly logger = new Logger('Web');
  // Each language's feed is kept while the published posts stay the same, as rendered pages are:
  // a post published, edited or deleted through any replica changes what the next request reads.
  private readonly feeds = new RenderedPages(2);

  constructor(
    private readonly pages: WebPages,
    private readonly renderer: PageRenderer,
    private readonly seeds: PageSeeds,
    private readonly blog: BlogService,
    private readonly config: AppConfig,
  ) {}

  mountOn(server: express.Express): void {
    // Only the build's public files are served as files; the server bundle, the template and the
    // prerendered pages lie outside their folder, whatever a path's encoding says.
    const { publicFiles } = this.pages.layout;
    // Hashed assets: the build's gzip copy to a browser that takes gzip (as nginx's gzip_static),
    // cached for a year.
    server.use(
      '/assets',
      files(
        expressStaticGzip(join(publicFiles, 'assets'), {
          index: false,
          serveStatic: { immutable: true, maxAge: '365d', index: false, fallthrough: false },
        }),
      ),
    );
    // The other public files (favicon, media).
    server.use(files(express.static(publicFiles, { index: false, maxAge: '1h' })));
    server.get('/robots.txt', (_request: Request, response: Response) => this.robots(response));
    server.get('/sitemap.xml', (_request: Request, response: Response, next: NextFunction) =>
      this.sitemap(response).catch(next),
    );
    server.get(BLOG_FEED_PATH, (request: Request, response: Response, next: NextFunction) =>
      this.feed(request, response).catch(next),
    );
    server.use((request: Request, response: Response, next: NextFunction) => {
      const isPage = (request.method === 'GET' || request.method === 'HEAD') && !isApiPath(request.path);
      if (!isPage) return next();
      this.page(request, response).catch(next);
    });
  }

  private get publicUrl(): string {
    return this.config.env.PUBLIC_URL;
  }

  private robots(response: Response): void {
    response.type('text/plain').setHeader('Cache-Control', 'public, max-age=3600');
    response.send(robotsTxt(this.publicUrl));
  }

  private async sitemap(response: Response): Promise<void> {
    const posts = await this.blog.list(false);
    response.type('application/xml').setHeader('Cache-Control', 'public, max-age=600');
    response.send(sitemapXml(this.publicUrl, this.pages.publicPaths, posts));
  }

  /** The brand as the web build wrote it (the blog page's og:site_name). */
  private get brand(): string {
    const blog = this.pages.choose('/blog', 'ko');
    return brandOf(blog.kind === 'page' ? blog.html : '');
  }

  /**
   * The blog's RSS feed: Korean, or English with `?lang=en` (the address alone decides: a feed
   * reader's address must always mean the same feed). Caches may keep it but ask again each time;
   * the ETag makes an unchanged feed a 304.
   */
  private async feed(request: Request, response: Response): Promise<void> {
    const language: Language = request.query.lang === 'en' ? 'en' : 'ko';
    const posts = await this.blog.list(false);
    const xml = await this.feeds.html(language, posts, () =>
      Promise.resolve(blogFeedXml({ publicUrl: this.publicUrl, language, brand: this.brand, posts, now: new Date() })),
    );
    response.type(BLOG_FEED_TYPE).setHeader('Cache-Control', 'public, no-cache');
    response.send(xml);
  }

  private async page(request: Request, response: Response): Promise<void> {
    const language = pageLanguage(request);
    const choice = this.pages.choose(request.path, language, request.query);
    response.setHeader('Cache-Control', 'no-cache');
    // The same address is Korean or English by the visitor's cookie: caches must keep both.
    response.setHeader('Vary', 'Cookie');
    response.type('html');

    switch (choice.kind) {
      case 'page': {
        const seeds = this.seeds.forPage(choice.path);
        if (!seeds) return void response.send(choice.html);
        try {
          const html = await this.renderer.render(choice.path, language, await seeds);
          response.send(html ?? choice.html);
        } catch (error) {
          // The database is away: the prerendered page still shows, and the app fetches the rest.
          this.logger.warn(`${request.path} served without its data: ${String(error)}`);
          response.send(choice.html);
        }
        return;
      }
      case 'app':
        response.setHeader('X-Robots-Tag', 'noindex');
        return void response.send(choice.html);
      case 'rendered':
        response.setHeader('X-Robots-Tag', 'noindex');
        return void response.send((await this.renderer.render(choice.path, language, [])) ?? choice.fallback);
      case 'not-found':
        return void response.status(404).send(choice.html);
      case 'post':
        return this.post(choice.slug, choice.shell, request, response, language);
    }
  }

  private async post(
    slug: string,
    shell: string,
    request: Request,
    response: Response,
    language: Language,
  ): Promise<void> {
    try {
      const post = await this.blog.bySlug(slug, false);
      // Rendered with the post, its head tags included (a build without the server bundle: the shell).
      response.send((await this.renderer.render(request.path, language, this.seeds.forPost(post))) ?? shell);
    } catch (error) {
      if (isDatabaseUnavailable(error)) return void response.status(503).send(shell);
      if (!(error instanceof NotFoundException)) throw error;
      // The app shows 'Content not found' for it; crawlers get the status.
      response.status(404).setHeader('X-Robots-Tag', 'noindex').send(shell);
    }
  }
}
