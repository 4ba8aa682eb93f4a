import { type Language, useTranslation } from '../lib/i18n';
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
  /** A blog post: an article (og:type) with its publication and last change (ISO dates). */
  article?: { publishedTime: string; modifiedTime: string };
}

/**
 * A page's address in each language: Korean (the default) at the plain path, English with
 * `?lang=en`, which the server answers with the English prerendered page.
 */
export function pageAlternates(path: string): Record<Language, string> {
  const plain = `${env.PUBLIC_URL}${path}`;
  return { ko: plain, en: `${plain}?lang=en` };
}

const ogLocales = { ko: 'ko_KR', en: 'en_US' } as const;

/** The site's link-preview picture in a language (frontend/scripts/make-share-images.mjs). */
export const shareImage = (language: Language) => ({
  url: `${env.PUBLIC_URL}/media/share-${language}.jpg`,
  width: 1200,
  height: 630,
});

/** Where the server's page head tags stand in <head> (src/entry-server.tsx, the backend's post pages). */
export const PAGE_HEAD_MARKERS = { start: 'page-head', end: '/page-head' } as const;

/**
 * Head tags of one page, rendered where the page renders: React puts <title>, <meta> and <link>
 * into the document's <head> itself (and takes them out with the page), and on the server writes
 * them ahead of the page's HTML, where src/entry-server.tsx moves them into <head>.
 */
export function PageHead({ title, description, path, noIndex = false, image, feed, article }: PageHeadProps) {
  const { t, i18n } = useTranslation();
  const location = useLocation();
  const brand = t('brand');
  const fullTitle = title ? `${title} | ${brand}` : `${brand} | ${t('site.tagline')}`;
  const language: Language = i18n.language === 'en' ? 'en' : 'ko';
  const otherLanguage = language === 'en' ? 'ko' : 'en';
  const alternates = pageAlternates(path ?? location.pathname);
  const url = alternates[language];
  const siteImage = shareImage(language);

  return (
    <>
      <title>{fullTitle}</title>
      <meta name="description" content={description} />
      <meta name="keywords" content={t('site.keywords')} />
      <meta name="robots" content={noIndex ? 'noindex, nofollow' : 'index, follow'} />
      <link rel="canonical" href={url} />
      <link rel="alternate" hrefLang="ko" href={alternates.ko} />
      <link rel="alternate" hrefLang="en" href={alternates.en} />
      <link rel="alternate" hrefLang="x-default" href={alternates.ko} />
      {feed && <link rel="alternate" type="application/rss+xml" title={feed.title} href={feed.href} />}
      <meta property="og:type" content={article ? 'article' : 'website'} />
      <meta property="og:site_name" content={brand} />
      <meta property="og:title" content={fullTitle} />
      <meta property="og:description" content={description} />
      <meta property="og:url" content={url} />
      <meta property="og:locale" content={ogLocales[language]} />
      <meta property="og:locale:alternate" content={ogLocales[otherLanguage]} />
      {article && <meta property="article:published_time" content={article.publishedTime} />}
      {article && <meta property="article:modified_time" content={article.modifiedTime} />}
      <meta property="og:image" content={image ?? siteImage.url} />
      {!image && <meta property="og:image:width" content={String(siteImage.width)} />}
      {!image && <meta property="og:image:height" content={String(siteImage.height)} />}
      <meta property="og:image:alt" content={image ? fullTitle : t('site.shareImageAlt')} />
      <meta name="twitter:card" content="summary_large_image" />
      <meta name="twitter:title" content={fullTitle} />
      <meta name="twitter:description" content={description} />
      <meta name="twitter:image" content={image ?? siteImage.url} />
    </>
  );
}
