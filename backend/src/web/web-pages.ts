import { PUBLIC_URL_PLACEHOLDER, type Language } from '@giftcast/contract/language';
import { BUILT_CONTACT, telOf } from '@giftcast/contract/site-contact';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { isDecodablePath } from '../common/request-path';

/** Shells that are not public pages of their own. */
const POST_SHELL = 'blog-post';
const NOT_FOUND = 'not-found';

/** Routes that only make sense in a browser (a QR code's page, the admin console). */
const APP_ONLY = /^\/(v\/[^/]+|admin(\/.*)?|admin-blog)$/;

/**
 * Pages rendered per request only: what they show depends on the address. The unsubscribe and the
 * subscription confirm pages show a confirmation for any token and a notice without one; the token
 * itself is not in the page, so one rendering of each serves every mail's link.
 */
const RENDERED_ONLY = /^\/(unsubscribe|subscribe\/confirm)$/;
const renderedAddress = (path: string, query: Record<string, unknown>) =>
  typeof query.token === 'string' && query.token.trim() !== '' ? `${path}?token=link` : path;

export type PageChoice =
  | { kind: 'page'; path: string; html: string }
  /** `path`: the address to render, query included. */
  | { kind: 'rendered'; path: string; fallback: string }
  | { kind: 'post'; slug: string; shell: string }
  | { kind: 'app'; html: string }
  | { kind: 'not-found'; html: string };

/**
 * Where a web build (frontend/dist, WEB_ROOT) keeps its parts (frontend/vite.config.ts): the public
 * files, the only folder served as files; and apart from them what only the server reads, the
 * page template, the prerendered pages and the server bundle.
 */
export function webBuildLayout(root: string) {
  const server = join(root, 'server');
  return {
    publicFiles: join(root, 'client'),
    template: join(server, 'index.html'),
    prerendered: join(server, 'prerender'),
    serverBundle: join(server, 'entry-server.js'),
  };
}

/**
 * The web build's pages, read once: the prerendered public pages in each language (with the
 * build's placeholder origin replaced by PUBLIC_URL, and the settings the app reads from the page)
 * and the plain app page.
 */
export class WebPages {
  private readonly pages = new Map<string, string>();
  private readonly appPage: string;
  /** The public paths, for the sitemap: '/', '/how', ... */
  readonly publicPaths: string[];

  /** The web build's index.html as built, for pages rendered per request. */
  readonly template: string;
  /** A page of the build with the build's placeholder origin replaced by PUBLIC_URL. */
  readonly localize: (html: string) => string;
  /** The folders and files of the build. */
  readonly layout: ReturnType<typeof webBuildLayout>;

  /**
   * `root`: the web build's folder (frontend/dist); `settings`: what the app reads from `<html>`'s
   * `data-*` attributes, set when the backend starts rather than when the app is built.
   */
  constructor(
    readonly root: string,
    publicUrl: string,
    settings: Record<string, string> = {},
    contact: { email: string; phone: string } = BUILT_CONTACT,
  ) {
    this.layout = webBuildLayout(root);
    const attributes = Object.entries(settings)
      .map(([name, value]) => ` data-${name}="${escapeHtml(value)}"`)
      .join('');
    // The build's contact details, as text and in mailto: and tel: links, become the configured ones.
    const withContact = (html: string) =>
      html
        .replaceAll(`tel:${telOf(BUILT_CONTACT.phone)}`, `tel:${escapeHtml(telOf(contact.phone))}`)
        .replaceAll(BUILT_CONTACT.email, escapeHtml(contact.email))
        .replaceAll(BUILT_CONTACT.phone, escapeHtml(contact.phone));
    const localize = (html: string) =>
      withContact(html.replaceAll(PUBLIC_URL_PLACEHOLDER, escapeHtml(publicUrl))).replace(
        /<html\b/,
        () => `<html${attributes}`,
      );
    this.localize = localize;
    this.template = readFileSync(this.layout.template, 'utf8');
    this.appPage = localize(this.template);

    const { prerendered } = this.layout;
    const names = existsSync(join(prerendered, 'ko'))
      ? readdirSync(join(prerendered, 'ko'))
          .filter((file) => file.endsWith('.html'))
          .map((file) => file.slice(0, -5))
      : [];
    for (const language of ['ko', 'en'] as const) {
      for (const name of names) {
        this.pages.set(
          `${language}/${name}`,
          localize(readFileSync(join(prerendered, language, `${name}.html`), 'utf8')),
        );
      }
    }
    this.publicPaths = names
      .filter((name) => name !== POST_SHELL && name !== NOT_FOUND)
      .map((name) => (name === 'index' ? '/' : `/${name}`))
      .sort();
  }

  /** `path`: the request's path as it came, %-escapes and all. */
  choose(path: string, language: Language, query: Record<string, unknown> = {}): PageChoice {
    const normalized = path.length > 1 ? path.replace(/\/+$/, '') : path;
    const page = (name: string) => this.pages.get(`${language}/${name}`);
    const notFound: PageChoice = { kind: 'not-found', html: page(NOT_FOUND) ?? this.appPage };
    if (!isDecodablePath(normalized)) return notFound;

    if (APP_ONLY.test(normalized)) return { kind: 'app', html: this.appPage };
    if (RENDERED_ONLY.test(normalized)) {
      return { kind: 'rendered', path: renderedAddress(normalized, query), fallback: this.appPage };
    }
    const post = /^\/blog\/([^/]+)$/.exec(normalized);
    const postShell = page(POST_SHELL);
    if (post && postShell) return { kind: 'post', slug: decodeURIComponent(post[1]), shell: postShell };

    const name = normalized === '/' ? 'index' : normalized.slice(1);
    const isPublicPage = !name.includes('/') && name !== POST_SHELL && name !== NOT_FOUND;
    const html = isPublicPage ? page(name) : undefined;
    if (html) return { kind: 'page', path: normalized, html };
    // Without a prerendered build (a development build), the app itself decides.
    return notFound;
  }
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}
