import { CacheProvider } from '@emotion/react';
import createEmotionServer from '@emotion/server/create-instance';
import { createElement, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import { BannerNotice } from './app/notification-banner';
import { AppProviders } from './app/providers';
import { AppRoutes, loadMatchedRoutes } from './app/router';
import { createServerStyleCache, markServerStyleTags } from './app/style-cache';
import { loadDeferredComponents } from './components/lazy-component';
import { HeadTagsCollector, HeadTagsProvider, PAGE_HEAD_MARKERS, type HeadTag } from './components/page-head';
import { whileServerRendering } from './lib/hydration';
import { showLanguage, type Language } from './lib/i18n';
import { createQueryClient } from './lib/query-client';
import { QUERY_DATA_ELEMENT_ID, type QuerySeed } from './lib/query-seed';

export type { QuerySeed };

/** The page's head tags as HTML, written and escaped by the renderer that wrote the page. */
const headTagsHtml = (tags: HeadTag[]) =>
  renderToString(
    <>{tags.map(({ name, attributes, text }, index) => createElement(name, { key: index, ...attributes }, text))}</>,
  );

/**
 * The HTML of one page in one language: at build time for the public pages
 * (scripts/prerender.mjs), and by the server per request for the pages that show stored data (the
 * home page, the blog, /try), with the data it already holds (`seeds`, the API's own answers) so
 * that data is in the first response. Data the page fetches and no seed holds renders in its
 * loading state, as the browser's first render does.
 */
export async function renderPage(
  path: string,
  language: Language,
  seeds: QuerySeed[] = [],
): Promise<{ html: string; styles: string; head: string }> {
  await loadMatchedRoutes(path, language);
  // The parts the page's code fetches later in the browser (the inquiry form) are in its HTML too.
  await loadDeferredComponents();
  const queryClient = createQueryClient();
  for (const [queryKey, data] of seeds) queryClient.setQueryData(queryKey, data);

  // The page's texts are loaded: the switch and the render are synchronous, so no other page's
  // render comes in between.
  showLanguage(language);

  // Emotion (under Chakra) would write a <style> beside each element it styles: dozens of style
  // sheets in the body for the browser to apply one by one. They go into <head> as three tags.
  const styleCache = createServerStyleCache();
  const headTags = new HeadTagsCollector();
  const render = (content: ReactNode) =>
    whileServerRendering(() =>
      renderToString(
        <CacheProvider value={styleCache}>
          <HeadTagsProvider value={headTags}>
            <AppProviders queryClient={queryClient}>
              <StaticRouter location={path}>{content}</StaticRouter>
            </AppProviders>
          </HeadTagsProvider>
        </CacheProvider>,
      ),
    );
  const html = render(<AppRoutes />);
  if (!headTags.tags.some((tag) => tag.name === 'title')) throw new Error(`${path} rendered no <title>`);
  // The banner leaving, rendered for its styles only: its HTML is in the page (hidden until shown),
  // but not as it looks while it slides out, and the app would otherwise write those styles then.
  const leavingBanner = render(<BannerNotice phase="leaving" onLeave={() => {}} />);
  const { extractCriticalToChunks, constructStyleTagsFromChunks } = createEmotionServer(styleCache);
  return {
    html,
    styles: markServerStyleTags(constructStyleTagsFromChunks(extractCriticalToChunks(html + leavingBanner))),
    head: headTagsHtml(headTags.tags),
  };
}

/** JSON inside <script>: '<' escaped so no text in it can close the element. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/**
 * The whole document: the web build's index.html with the page's head tags (between markers the
 * server and the app recognise), its body, and the seeds for the app to start from.
 */
export async function renderDocument(
  template: string,
  path: string,
  language: Language,
  seeds: QuerySeed[] = [],
): Promise<string> {
  const { html: body, styles, head } = await renderPage(path, language, seeds);
  const data = seeds.length
    ? `<script id="${QUERY_DATA_ELEMENT_ID}" type="application/json">${scriptJson(seeds)}</script>`
    : '';
  return (
    template
      .replace(/<html lang="[^"]*"/, `<html lang="${language}" data-prerendered="${language}"`)
      // Marked so the server can swap them (a post's own) and the app its own for them.
      .replace(
        '</head>',
        () => `${styles}<!--${PAGE_HEAD_MARKERS.start}-->${head}<!--${PAGE_HEAD_MARKERS.end}--></head>`,
      )
      .replace('<div id="root"></div>', () => `<div id="root">${body}</div>${data}`)
  );
}
