import type { ComponentType, ReactElement } from 'react';
import { useTranslation } from '../lib/i18n';
import { matchRoutes, useRoutes, type Location, type RouteObject } from 'react-router-dom';
import { HydrateInTask } from '../components/hydrate-in-task';
import { lazyComponent } from '../components/lazy-component';
import { LoadingState } from '../components/loading-state';
import type { TranslationArea } from '../i18n/areas';
import { loadTranslations, type Language } from '../lib/i18n';
import { Layout } from './layout';

type LazyPage<Props> = ComponentType<Props> & {
  /** Fetches the page's code and its texts in `language`; resolves once the page renders without suspending. */
  load: (language?: Language) => Promise<void>;
};

/**
 * A route's page: its own chunk and the translations it needs, fetched together the first time it
 * renders (it suspends meanwhile) or ahead of that with `load()`. Once loaded it renders at once,
 * which hydrating a prerendered page requires (start-app.tsx loads the current page first).
 */
function lazyPage<Props extends object = object>(
  areas: TranslationArea[],
  load: () => Promise<ComponentType<Props>>,
): LazyPage<Props> {
  // Its first render, within the app, fetches the texts in the language shown.
  const Page = lazyComponent(async () => (await Promise.all([load(), loadTranslations(areas)]))[0]);
  const loadCode = Page.load;
  return Object.assign(Page, {
    load: async (language?: Language) => void (await Promise.all([loadCode(), loadTranslations(areas, language)])),
  });
}

// The admin console's chunk is fetched only when an admin route is opened.
const AdminConsolePage = lazyPage(['admin'], () =>
  import('../pages/admin-console-page').then((m) => m.AdminConsolePage),
);

interface PageRoute {
  path: string;
  page: LazyPage<object>;
  /** What the route renders, when the page takes props. */
  element?: ReactElement;
}

// Every page is its own chunk, so a visitor downloads only the code of the pages they open.
const pages: PageRoute[] = [
  { path: '/', page: lazyPage(['home'], () => import('../pages/home-page').then((m) => m.HomePage)) },
  { path: '/how', page: lazyPage(['pages'], () => import('../pages/how-page').then((m) => m.HowPage)) },
  { path: '/about', page: lazyPage(['pages'], () => import('../pages/about-page').then((m) => m.AboutPage)) },
  { path: '/why', page: lazyPage(['pages'], () => import('../pages/why-page').then((m) => m.WhyPage)) },
  {
    path: '/partner',
    page: lazyPage(['pages', 'inquiry'], () => import('../pages/partner-page').then((m) => m.PartnerPage)),
  },
  { path: '/try', page: lazyPage(['try'], () => import('../pages/try-page').then((m) => m.TryPage)) },
  { path: '/blog', page: lazyPage(['blog'], () => import('../pages/blog-page').then((m) => m.BlogPage)) },
  {
    path: '/blog/:slug',
    page: lazyPage(['blog'], () => import('../pages/blog-post-page').then((m) => m.BlogPostPage)),
  },
  { path: '/support', page: lazyPage(['inquiry'], () => import('../pages/support-page').then((m) => m.SupportPage)) },
  { path: '/admin/*', page: AdminConsolePage },
  { path: '/admin-blog', page: AdminConsolePage, element: <AdminConsolePage blogOnly /> },
  {
    path: '/unsubscribe',
    page: lazyPage(['blog'], () => import('../pages/unsubscribe-page').then((m) => m.UnsubscribePage)),
  },
  { path: '/privacy', page: lazyPage(['legal'], () => import('../pages/privacy-page').then((m) => m.PrivacyPage)) },
  { path: '/terms', page: lazyPage(['legal'], () => import('../pages/terms-page').then((m) => m.TermsPage)) },
  {
    path: '/v/:qrToken',
    page: lazyPage(['message'], () => import('../pages/message-page').then((m) => m.MessagePage)),
  },
  { path: '*', page: lazyPage(['pages'], () => import('../pages/not-found-page').then((m) => m.NotFoundPage)) },
];

function PageLoading() {
  const { t } = useTranslation();
  return <LoadingState label={t('site.loading')} />;
}

const routes: RouteObject[] = [
  {
    element: <Layout />,
    // A page the server rendered is adopted in a task of its own, after the layout; one opened
    // within the app shows a spinner while its code arrives.
    children: pages.map(({ path, page: Page, element }) => ({
      path,
      handle: Page,
      element: (
        // Keyed: each route's page is a part of its own, gone when another route's page comes.
        <HydrateInTask key={path} fallback={<PageLoading />}>
          {element ?? <Page />}
        </HydrateInTask>
      ),
    })),
  },
];

/** The layout with the page at the current address (inside a router: Browser, Static or Memory). */
export function AppRoutes() {
  return useRoutes(routes);
}

/**
 * Loads the code of the page at `location` (start-app.tsx, before hydrating), so the first render
 * shows exactly the prerendered page and no fallback flashes.
 */
export async function loadMatchedRoutes(location: Partial<Location> | string, language?: Language): Promise<void> {
  const page: LazyPage<object> | undefined = matchRoutes(routes, location)?.at(-1)?.route.handle;
  await page?.load(language);
}
