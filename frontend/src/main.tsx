import { CacheProvider } from '@emotion/react';
import { HydrationBoundary } from '@tanstack/react-query';
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { AppProviders } from './app/providers';
import { createRoutes, prefetchRoute, resolveLazyRoutes } from './app/router';
import { createStyleCache } from './app/style-cache';
import { PAGE_HEAD_MARKERS } from './components/page-head';
import { readHydrationData } from './lib/hydration';
import { currentLanguage } from './lib/i18n';
import { setPageLoader } from './lib/page-prefetch';
import { queryClient } from './lib/query-client';

/** `?lang=` has been applied and remembered (lib/i18n.ts); the address goes back to the plain path. */
function dropLanguageParameter(): void {
  const url = new URL(window.location.href);
  if (!url.searchParams.has('lang')) return;
  url.searchParams.delete('lang');
  window.history.replaceState(window.history.state, '', url);
}

/**
 * Takes out the head tags the server wrote for its page (between its markers) where the app
 * renders its own in their place; React puts the page's own into <head> (components/page-head.tsx).
 */
function dropServerHead(): void {
  const nodes = [...document.head.childNodes];
  const start = nodes.findIndex((node) => node.nodeValue === PAGE_HEAD_MARKERS.start);
  const end = nodes.findIndex((node) => node.nodeValue === PAGE_HEAD_MARKERS.end);
  if (start >= 0 && end > start) for (const node of nodes.slice(start + 1, end)) node.remove();
}

/**
 * Hydrates the page the server rendered, or renders the app where there is none in the visitor's
 * language (another stored language, a page without prerendering). The current page's code and
 * texts are fetched first (its routes' lazy), so the first render is the server's HTML exactly;
 * React hydrates it in time slices, and a click on a part not hydrated yet hydrates that part
 * first and is answered.
 */
async function start(): Promise<void> {
  dropLanguageParameter();
  const container = document.getElementById('root')!;
  const hydrate = container.hasChildNodes() && document.documentElement.dataset.prerendered === currentLanguage();
  // The page's data is the API's answers, whatever the language: the app starts from it either way.
  const hydration = readHydrationData(document);
  // A page in another language: the app's head tags replace it.
  if (!hydrate) dropServerHead();
  const routes = createRoutes({ queryClient });
  const location = window.location.pathname + window.location.search;
  await resolveLazyRoutes(routes, location);
  const router = createBrowserRouter(routes, { hydrationData: hydrate ? hydration?.router : undefined });
  // In-app links fetch their page ahead of a click (components/page-link.tsx).
  setPageLoader((path) => prefetchRoute(routes, path));

  const app = (
    <CacheProvider value={createStyleCache()}>
      <AppProviders>
        <HydrationBoundary state={hydration?.queries}>
          <RouterProvider router={router} />
        </HydrationBoundary>
      </AppProviders>
    </CacheProvider>
  );
  if (hydrate) {
    // A transition, so React hydrates in time slices (a default-priority hydration is one task);
    // a click meanwhile makes React finish hydrating at once and then answers it.
    startTransition(() => {
      hydrateRoot(container, app);
    });
  } else {
    // A transition: the page, whose code is in, shows at once instead of its loading state first.
    const root = createRoot(container);
    startTransition(() => root.render(app));
  }
}

void start();
