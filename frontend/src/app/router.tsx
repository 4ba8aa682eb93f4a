import { lazy, type ComponentType } from 'react';
import { matchRoutes, type Location, type RouteObject } from 'react-router-dom';
import type { TranslationArea } from '../i18n/areas';
import { loadTranslations } from '../lib/i18n';
import { Layout } from './layout';
import { RouteError } from './route-error';

// A separate chunk, fetched only when an admin route is opened.
const AdminConsolePage = lazy(() =>
  Promise.all([import('../pages/admin-console-page'), loadTranslations(['admin'])]).then(([module]) => ({
    default: module.AdminConsolePage,
  })),
);

/** A route's page: its own chunk and the translations it needs, fetched together. */
function page<Module>(areas: TranslationArea[], load: () => Promise<Module>, pick: (module: Module) => ComponentType) {
  return async () => {
    const [module] = await Promise.all([load(), loadTranslations(areas)]);
    return { Component: pick(module) };
  };
}

// Every page is its own chunk too, so a visitor downloads only the code of the pages they open.
// The prerendered HTML shows the page at once; start-app.tsx loads its chunk before hydrating.
export const routes: RouteObject[] = [
  {
    element: <Layout />,
    errorElement: <RouteError />,
    children: [
      {
        // Keeps header and footer around a page that fails.
        errorElement: <RouteError />,
        children: [
          { index: true, lazy: page(['home'], () => import('../pages/home-page'), (m) => m.HomePage) },
          { path: 'how', lazy: page(['pages'], () => import('../pages/how-page'), (m) => m.HowPage) },
          { path: 'about', lazy: page(['pages'], () => import('../pages/about-page'), (m) => m.AboutPage) },
          { path: 'why', lazy: page(['pages'], () => import('../pages/why-page'), (m) => m.WhyPage) },
          { path: 'partner', lazy: page(['pages', 'inquiry'], () => import('../pages/partner-page'), (m) => m.PartnerPage) },
          { path: 'try', lazy: page(['try'], () => import('../pages/try-page'), (m) => m.TryPage) },
          { path: 'blog', lazy: page(['blog'], () => import('../pages/blog-page'), (m) => m.BlogPage) },
          { path: 'blog/:slug', lazy: page(['blog'], () => import('../pages/blog-post-page'), (m) => m.BlogPostPage) },
          { path: 'support', lazy: page(['inquiry'], () => import('../pages/support-page'), (m) => m.SupportPage) },
          { path: 'admin/*', element: <AdminConsolePage /> },
          { path: 'admin-blog', element: <AdminConsolePage blogOnly /> },
          { path: 'unsubscribe', lazy: page(['blog'], () => import('../pages/unsubscribe-page'), (m) => m.UnsubscribePage) },
          { path: 'privacy', lazy: page(['legal'], () => import('../pages/privacy-page'), (m) => m.PrivacyPage) },
          { path: 'terms', lazy: page(['legal'], () => import('../pages/terms-page'), (m) => m.TermsPage) },
          { path: 'v/:qrToken', lazy: page(['message'], () => import('../pages/message-page'), (m) => m.MessagePage) },
          { path: '*', lazy: page(['pages'], () => import('../pages/not-found-page'), (m) => m.NotFoundPage) },
        ],
      },
    ],
  },
];

/**
 * Loads the code of the routes matching `location` into them (start-app.tsx, before hydrating), so the
 * first render shows exactly the prerendered page and no fallback flashes.
 */
export async function loadMatchedRoutes(location: Partial<Location> | string): Promise<void> {
  const matches = matchRoutes(routes, location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const loaded = await route.lazy();
      Object.assign(route, { ...loaded, lazy: undefined });
    }),
  );
}
