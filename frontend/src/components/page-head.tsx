import { createContext, useContext, useEffect } from 'react';
import { useTranslation } from '../lib/i18n';
import { useLocation } from 'react-router-dom';
import { env } from '../lib/env';

interface PageHeadProps {
  /** The page's own title; the brand is appended. Omit on the home page to show the brand alone. */
  title?: string;
  description: string;
  /** Canonical path; defaults to the current path (without query or hash). */
  path?: string;
  /** Pages that must stay out of search results (404, admin, unsubscribe). */
  noIndex?: boolean;
  /** The link preview's picture (a post's thumbnail); the site's share image by default. */
  image?: string;
  /** An RSS feed of the page's content, named in the head for feed readers to find. */
  feed?: { title: string; href: string };
}

/**
 * A page's address in each language: Korean (the default) at the plain path, English with
 * `?lang=en`, which the server answers with the English prerendered page.
 */
export function pageAlternates(path: string): Record<'ko' | 'en', string> {
  const plain = `${env.PUBLIC_URL}${path}`;
  return { ko: plain, en: `${plain}?lang=en` };
}

const ogLocales = { ko: 'ko_KR', en: 'en_US' } as const;

/** The site's link-preview picture in a language (frontend/scripts/make-share-images.mjs). */
export const shareImage = (language: 'ko' | 'en') => ({
  url: `${env.PUBLIC_URL}/media/share-${language}.jpg`,
  width: 1200,
  height: 630,
});

/** One tag of a page's head: its name, attributes and (a title's) text. */
export interface HeadTag {
  name: 'title' | 'meta' | 'link';
  attributes: Record<string, string>;
  text?: string;
}

/** Where the page's head tags stand in <head>, in the server's HTML and in the live page. */
export const PAGE_HEAD_MARKERS = { start: 'page-head', end: '/page-head' } as const;

/** On the server: receives the head tags of the page being rendered (entry-server.tsx). */
export class HeadTagsCollector {
  tags: HeadTag[] = [];

  /** The server renders a page once, so the tags its render produced are the page's. */
  collect(tags: HeadTag[]): void {
    this.tags = tags;
  }
}

const HeadTagsContext = createContext<HeadTagsCollector | null>(null);
export const HeadTagsProvider = HeadTagsContext.Provider;

function createHeadElement({ name, attributes, text }: HeadTag): HTMLElement {
  const element = document.createElement(name);
  for (const [attribute, value] of Object.entries(attributes)) element.setAttribute(attribute, value);
  if (text !== undefined) element.textContent = text;
  return element;
}

/**
 * Puts `tags` between the head's markers, leaving the tags already there when they are the same
 * (a hydrated page's), so nothing in <head> changes needlessly. Adds the markers if missing.
 */
export function writeHeadTags(tags: HeadTag[]): void {
  const head = document.head;
  const markers = [...head.childNodes].filter((node) => node.nodeType === Node.COMMENT_NODE);
  let start = markers.find((node) => node.nodeValue === PAGE_HEAD_MARKERS.start);
  let end = markers.find((node) => node.nodeValue === PAGE_HEAD_MARKERS.end);
  if (!start || !end) {
    start = head.appendChild(document.createComment(PAGE_HEAD_MARKERS.start));
    end = head.appendChild(document.createComment(PAGE_HEAD_MARKERS.end));
  }
  const current: Node[] = [];
  for (let node = start.nextSibling; node && node !== end; node = node.nextSibling) current.push(node);
  const wanted = tags.map(createHeadElement);
  if (current.length === wanted.length && current.every((node, index) => node.isEqualNode(wanted[index]))) return;
  for (const node of current) head.removeChild(node);
  for (const element of wanted) head.insertBefore(element, end);
}

/**
 * Head tags of one page. On the server they go to the collector (entry-server.tsx writes them
 * into the response); in the browser they replace the previous page's once the page has rendered.
 */
export function PageHead({ title, description, path, noIndex = false, image, feed }: PageHeadProps) {
  const { t, i18n } = useTranslation();
  const location = useLocation();
  const collector = useContext(HeadTagsContext);
  const brand = t('brand');
  const fullTitle = title ? `${title} | ${brand}` : `${brand} | ${t('site.tagline')}`;
  const language = i18n.language === 'en' ? 'en' : 'ko';
  const otherLanguage = language === 'en' ? 'ko' : 'en';
  const alternates = pageAlternates(path ?? location.pathname);
  const url = alternates[language];
  const siteImage = shareImage(language);
  const meta = (key: 'name' | 'property', value: string, content: string): HeadTag => ({
    name: 'meta',
    attributes: { [key]: value, content },
  });
  const link = (attributes: Record<string, string>): HeadTag => ({ name: 'link', attributes });

  const tags: HeadTag[] = [
    { name: 'title', attributes: {}, text: fullTitle },
    meta('name', 'description', description),
    meta('name', 'keywords', t('site.keywords')),
    meta('name', 'robots', noIndex ? 'noindex, nofollow' : 'index, follow'),
    link({ rel: 'canonical', href: url }),
    link({ rel: 'alternate', hreflang: 'ko', href: alternates.ko }),
    link({ rel: 'alternate', hreflang: 'en', href: alternates.en }),
    link({ rel: 'alternate', hreflang: 'x-default', href: alternates.ko }),
    ...(feed ? [link({ rel: 'alternate', type: 'application/rss+xml', title: feed.title, href: feed.href })] : []),
    meta('property', 'og:type', 'website'),
    meta('property', 'og:site_name', brand),
    meta('property', 'og:title', fullTitle),
    meta('property', 'og:description', description),
    meta('property', 'og:url', url),
    meta('property', 'og:locale', ogLocales[language]),
    meta('property', 'og:locale:alternate', ogLocales[otherLanguage]),
    meta('property', 'og:image', image ?? siteImage.url),
    ...(image
      ? []
      : [
          meta('property', 'og:image:width', String(siteImage.width)),
          meta('property', 'og:image:height', String(siteImage.height)),
        ]),
    meta('property', 'og:image:alt', image ? fullTitle : t('site.shareImageAlt')),
    meta('name', 'twitter:card', 'summary_large_image'),
    meta('name', 'twitter:title', fullTitle),
    meta('name', 'twitter:description', description),
    meta('name', 'twitter:image', image ?? siteImage.url),
  ];
  collector?.collect(tags);

  const key = JSON.stringify(tags);
  // `tags` is a new array on every render; its JSON tells when it really changed.
  useEffect(() => writeHeadTags(tags), [key]); // eslint-disable-line react-hooks/exhaustive-deps
  return null;
}
