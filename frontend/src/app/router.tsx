import { lazy, useEffect, type ComponentType, type ReactElement } from 'react';
import { matchRoutes, useRoutes, type Location, type Params, type RouteObject } from 'react-router-dom';
import { messageQuery } from '../features/message/api/use-message';
import type { TranslationArea } from '../i18n/areas';
import { loadTranslations, type Language } from '../lib/i18n';
import { queryClient } from '../lib/query-client';
import { Layout } from './layout';

type LazyPage<Props> = ComponentType<Props> & {
  /** Fetches the page's code and its texts in `language` ahead of its first render. */
  load: (language?: Language) => Promise<void>;
};

/**
 * A route's page (React.lazy): its own chunk and the translations it needs, fetched together the
 * first time it renders (it suspends meanwhile) or ahead of that with `load()` (main.tsx and the
 * server load the current page first, so the first render is the page, not its fallback).
 */
function lazyPage<Props extends object = object>(
  areas: TranslationArea[],
  load: () => Promise<ComponentType<Props>>,
): LazyPage<Props> {
  let code: Promise<ComponentType<Props>> | undefined;
  const loadCode = () =>
    (code ??= load().catch((error: unknown) => {
      // Offline, or the site was deployed anew: the next render or load() tries again.
      code = undefined;
      throw error;
    }));
  // Its first render, within the app, fetches the texts in the language shown.
  const Page = lazy(async () => ({ default: (await Promise.all([loadCode(), loadTranslations(areas)]))[0] }));
  return Object.assign(Page as unknown as ComponentType<Props>, {
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
  /**
   * Starts fetching the data a page the server does not render asks for first, beside its code
   * (main.tsx): the page's query then finds it in, or on its way.
   */
  data?: (params: Params) => void;
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
  {
    path: '/subscribe/confirm',
    page: lazyPage(['blog'], () => import('../pages/subscribe-confirm-page').then((m) => m.SubscribeConfirmPage)),
  },
  { path: '/privacy', page: lazyPage(['legal'], () => import('../pages/privacy-page').then((m) => m.PrivacyPage)) },
  { path: '/terms', page: lazyPage(['legal'], () => import('../pages/terms-page').then((m) => m.TermsPage)) },
  {
    path: '/v/:qrToken',
    page: lazyPage(['message'], () => import('../pages/message-page').then((m) => m.MessagePage)),
    data: ({ qrToken = '' }) => void queryClient.prefetchQuery(messageQuery(qrToken)),
  },
  { path: '*', page: lazyPage(['pages'], () => import('../pages/not-found-page').then((m) => m.NotFoundPage)) },
];

/**
 * Marks `<html data-live>` once the page shown is the app's (hydrated or rendered, its effects
 * run): the browser tests wait for it before they check what the app does.
 */
function MarkLive() {
  useEffect(() => {
    document.documentElement.dataset.live = '';
  }, []);
  return null;
}

const routes: RouteObject[] = [
  {
    // The layout holds the pages' boundary (app/layout.tsx).
    element: <Layout />,
    children: pages.map(({ path, page: Page, element, data }) => ({
      path,
      handle: { page: Page, data } satisfies RouteHandle,
      element: (
        <>
          {element ?? <Page />}
          <MarkLive />
        </>
      ),
    })),
  },
];

/** The layout with the page at the current address (inside a router: Browser, Static or Memory). */
export function AppRoutes() {
  return useRoutes(routes);
}

/** What each route keeps in its handle: its page, and what fetches the page's data ahead. */
interface RouteHandle {
  page: LazyPage<object>;
  data?: (params: Params) => void;
}

function matchedRoute(location: Partial<Location> | string) {
  const match = matchRoutes(routes, location)?.at(-1);
  // react-router types a route's handle as any; ours is a RouteHandle.
  return match && { params: match.params, handle: match.route.handle as RouteHandle };
}

/**
 * Loads the code of the page at `location` (main.tsx, before hydrating), so the first render
 * shows exactly the prerendered page and no fallback flashes.
 */
export async function loadMatchedRoutes(location: Partial<Location> | string, language?: Language): Promise<void> {
  await matchedRoute(location)?.handle.page.load(language);
}

/** Starts fetching the data of the page at `location`, where it has some to fetch first (main.tsx). */
export function prefetchMatchedData(location: Partial<Location> | string): void {
  const route = matchedRoute(location);
  route?.handle.data?.(route.params);
}
