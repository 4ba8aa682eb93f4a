import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { CacheProvider } from '@emotion/react';
import { AppProviders } from './app/providers';
import { loadMatchedRoutes, routes } from './app/router';
import { createBrowserStyleCache, hasServerGlobalStyles } from './app/style-cache';
import { getSystems } from './app/theme';
import { currentLanguage } from './lib/i18n';
import { queryClient } from './lib/query-client';
import { nextTask } from './lib/next-task';
import { applyQuerySeeds } from './lib/query-seed';

/** `?lang=` has been applied and remembered (lib/i18n.ts); the address goes back to the plain path. */
function dropLanguageParameter(): void {
  const url = new URL(window.location.href);
  if (!url.searchParams.has('lang')) return;
  url.searchParams.delete('lang');
  window.history.replaceState(window.history.state, '', url);
}

/** The head tags the server sent between `<!--page-head-->` markers (scripts/prerender.mjs). */
function removeServerHeadTags(): void {
  let inside = false;
  for (const node of [...document.head.childNodes]) {
    if (node.nodeType === Node.COMMENT_NODE) inside = node.nodeValue === 'page-head';
    else if (inside) node.remove();
  }
}

/** Hydrates the prerendered page (or renders the app) once its libraries are loaded (main.tsx). */
export async function startApp(): Promise<void> {
  dropLanguageParameter();
  const container = document.getElementById('root')!;
  // A prerendered page in the visitor's language is hydrated: React adopts its head tags. Otherwise
  // (another stored language, a page without prerendering) the app renders from scratch and
  // writes its own head tags. A post's tags come from the server, not React: they go either way.
  const hydrate = container.hasChildNodes() && document.documentElement.dataset.prerendered === currentLanguage();
  if (!hydrate) removeServerHeadTags();
  document.head.querySelectorAll('[data-server-head]').forEach((element) => element.remove());
  applyQuerySeeds(queryClient, document);
  await loadMatchedRoutes(window.location);
  await nextTask();
  getSystems();
  await nextTask();

  const app = (
    <StrictMode>
      <CacheProvider value={createBrowserStyleCache()}>
        <AppProviders withoutGlobalStyles={hasServerGlobalStyles()}>
          <RouterProvider router={createBrowserRouter(routes)} />
        </AppProviders>
      </CacheProvider>
    </StrictMode>
  );
  // As a transition, React renders in slices and lets the browser handle input between them,
  // instead of one long task that blocks a phone's main thread for the whole page.
  startTransition(() => {
    if (hydrate) hydrateRoot(container, app);
    else createRoot(container).render(app);
  });
}
