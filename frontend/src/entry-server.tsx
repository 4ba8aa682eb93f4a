import { CacheProvider } from '@emotion/react';
import createEmotionServer from '@emotion/server/create-instance';
import type { ReactNode } from 'react';
import { prerender } from 'react-dom/static';
import { dehydrate } from '@tanstack/react-query';
import { createStaticHandler, createStaticRouter, StaticRouter, StaticRouterProvider } from 'react-router-dom';
import { BannerNotice } from './app/notification-banner';
import { AppProviders } from './app/providers';
import { createRoutes } from './app/router';
import { createStyleCache } from './app/style-cache';
import { PAGE_HEAD_MARKERS } from './components/page-head';
import { I18nProvider, serverI18n, type Language } from './lib/i18n';
import { createQueryClient } from './lib/query-client';
import { HYDRATION_ELEMENT_ID, type HydrationData, type QuerySeed } from './lib/hydration';

export type { QuerySeed };

/**
 * The head tags React writes ahead of a page rendered without its <html> (the page's <title>,
 * <meta> and <link>, components/page-head.tsx): they go into <head>, the rest into the body.
 */
const HOISTED_HEAD = /^(?:<title>[^<]*<\/title>|<(?:meta|link)\b[^>]*>)*/;

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
): Promise<{ html: string; styles: string; head: string; hydration: HydrationData }> {
  const queryClient = createQueryClient();
  for (const [queryKey, data] of seeds) queryClient.setQueryData(queryKey, data);
  // React Router's data router on the server: it matches the address, loads the page's code and
  // texts (its route's lazy) and runs its loaders, then renders what it found.
  const handler = createStaticHandler(createRoutes({ queryClient, language }));
  const context = await handler.query(new Request(new URL(path, 'http://localhost')));
  if (context instanceof Response) throw new Error(`${path} answered with a redirect`);
  if (context.errors) throw new Error(`${path} failed to load: ${JSON.stringify(context.errors)}`);
  const router = createStaticRouter(handler.dataRoutes, context);

  // Emotion (under Chakra) would write a <style> beside each element it styles: dozens of style
  // sheets in the body for the browser to apply one by one. They go into <head> as three tags.
  // The page's texts are loaded (its route's lazy, above); this request renders in its own language,
  // whatever other requests render meanwhile.
  const i18n = serverI18n(language);
  const styleCache = createStyleCache();
  // Waits for every part of the page (its lazy parts are loaded above, so none shows a fallback).
  const render = async (content: ReactNode) => {
    const { prelude } = await prerender(
      <CacheProvider value={styleCache}>
        <I18nProvider i18n={i18n}>
          <AppProviders queryClient={queryClient}>{content}</AppProviders>
        </I18nProvider>
      </CacheProvider>,
      // The page is sent whole, never in parts: each boundary's HTML in its place, so the page
      // shows without an inline script moving content in.
      { progressiveChunkSize: Number.POSITIVE_INFINITY },
    );
    return new Response(prelude).text();
  };
  // Its hydration data goes beside the page as JSON (hydrate={false}): the site's
  // Content-Security-Policy runs no inline script, where React Router would write it.
  const page = await render(<StaticRouterProvider router={router} context={context} hydrate={false} />);
  const head = HOISTED_HEAD.exec(page)![0];
  const html = page.slice(head.length);
  if (!head.includes('<title>')) throw new Error(`${path} rendered no <title>`);
  // The banner leaving, rendered for its styles only: its HTML is in the page (hidden until shown),
  // but not as it looks while it slides out, and the app would otherwise write those styles then.
  const leavingBanner = await render(
    <StaticRouter location={path}>
      <BannerNotice phase="leaving" count={undefined} onLeave={() => {}} />
    </StaticRouter>,
  );
  const emotionServer = createEmotionServer(styleCache);
  return {
    html,
    styles: emotionServer.constructStyleTagsFromChunks(emotionServer.extractCriticalToChunks(html + leavingBanner)),
    head,
    hydration: {
      router: { loaderData: context.loaderData, actionData: context.actionData, errors: null },
      queries: dehydrate(queryClient),
    },
  };
}

/** JSON inside <script>: '<' escaped so no text in it can close the element. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/**
 * The whole document: the web build's index.html with the page's head tags (between markers the
 * server and the app recognise), its body, and what the app hydrates from (lib/hydration.ts).
 */
export async function renderDocument(
  template: string,
  path: string,
  language: Language,
  seeds: QuerySeed[] = [],
): Promise<string> {
  const { html: body, styles, head, hydration } = await renderPage(path, language, seeds);
  const data = `<script id="${HYDRATION_ELEMENT_ID}" type="application/json">${scriptJson(hydration)}</script>`;
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
