import { options } from 'preact';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { CacheProvider } from '@emotion/react';
import { AppProviders } from './app/providers';
import { AppRoutes, loadMatchedRoutes } from './app/router';
import { createBrowserStyleCache, hasServerGlobalStyles } from './app/style-cache';
import { hydrateWaitingParts } from './components/hydrate-in-task';
import { buildSystemsInSteps } from './app/theme';
import { whileHydrating } from './lib/hydration';
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

/** Hydrates the prerendered page (or renders the app) once its libraries are loaded (main.tsx). */
export async function startApp(): Promise<void> {
  // A render's effects run in the task right after it, as React schedules them, instead of after
  // the next animation frame: a hidden tab gives none for a while, and the page's timers (banner,
  // hero) would start late.
  options.requestAnimationFrame = (runEffects) => void nextTask().then(runEffects);
  dropLanguageParameter();
  const container = document.getElementById('root')!;
  // A prerendered page in the visitor's language is hydrated. Otherwise (another stored language, a
  // page without prerendering) the app renders from scratch. Either way the page's head tags are
  // rewritten only where they differ (components/page-head.tsx).
  const hydrate = container.hasChildNodes() && document.documentElement.dataset.prerendered === currentLanguage();
  applyQuerySeeds(queryClient, document);
  await loadMatchedRoutes(window.location);
  await nextTask();
  await buildSystemsInSteps(nextTask);
  await nextTask();

  const app = (
    <CacheProvider value={createBrowserStyleCache()}>
      <AppProviders withoutGlobalStyles={hasServerGlobalStyles()}>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </AppProviders>
    </CacheProvider>
  );
  if (hydrate) {
    whileHydrating(() => hydrateRoot(container, app));
    await hydrateWaitingParts();
  } else {
    createRoot(container).render(app);
    // Its effects run in the task queued while it rendered.
    await nextTask();
  }
  // The page is the app now, no longer prerendered HTML only (its effects have run: the banner's
  // timers are started by then).
  document.documentElement.dataset.live = '';
}
