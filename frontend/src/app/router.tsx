import type { QueryClient } from '@tanstack/react-query';
import { useEffect, type ComponentType } from 'react';
import { matchRoutes, type LoaderFunction, type RouteObject } from 'react-router-dom';
import { messageQuery } from '../features/message/api/use-message';
import type { TranslationArea } from '../i18n/areas';
import { loadTranslations, type Language } from '../lib/i18n';
import { Layout } from './layout';
import { RouteError } from './route-error';

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

/**
 * A route's `lazy` (React Router): the page's own chunk and the translations it needs, fetched
 * together before the route renders; in `language` on the server, in the language shown in the
 * browser.
 */
const page =
  (areas: TranslationArea[], load: () => Promise<ComponentType>, language?: Language) =>
  async (): Promise<Pick<RouteObject, 'Component'>> => {
    const [Page] = await Promise.all([load(), loadTranslations(areas, language)]);
    return {
      Component: () => (
        <>
          <Page />
          <MarkLive />
        </>
      ),
    };
  };

interface RouteOptions {
  /** The query cache the loaders fill: the request's on the server, the app's in the browser. */
  queryClient: QueryClient;
  /** The language pages are rendered in on the server; the browser loads the language shown. */
  language?: Language;
}

/**
 * The app's routes, for React Router's data routers (createStaticHandler on the server,
 * createBrowserRouter in the browser). Every page is its own chunk, so a visitor downloads only
 * the code of the pages they open.
 */
export function createRoutes({ queryClient, language }: RouteOptions): RouteObject[] {
  const lazy = (areas: TranslationArea[], load: () => Promise<ComponentType>) => page(areas, load, language);
  // The admin console's chunk is fetched only when an admin route is opened.
  const adminConsole = (blogOnly: boolean) =>
    lazy(['admin'], () =>
      import('../pages/admin-console-page').then(({ AdminConsolePage }) => () => (
        <AdminConsolePage blogOnly={blogOnly} />
      )),
    );
  // The code's state is fetched beside the page's code, not after it; the page shows its own
  // loading state meanwhile, so the loader does not wait for it.
  const messageLoader: LoaderFunction = ({ params }) => {
    void queryClient.prefetchQuery(messageQuery(params.qrToken ?? ''));
    return null;
  };

  return [
    {
      // The layout holds the pages' boundary (app/layout.tsx).
      Component: Layout,
      children: (
        [
          { path: '/', lazy: lazy(['home'], () => import('../pages/home-page').then((m) => m.HomePage)) },
          { path: '/how', lazy: lazy(['pages'], () => import('../pages/how-page').then((m) => m.HowPage)) },
          { path: '/about', lazy: lazy(['pages'], () => import('../pages/about-page').then((m) => m.AboutPage)) },
          { path: '/why', lazy: lazy(['pages'], () => import('../pages/why-page').then((m) => m.WhyPage)) },
          {
            path: '/partner',
            lazy: lazy(['pages', 'inquiry'], () => import('../pages/partner-page').then((m) => m.PartnerPage)),
          },
          { path: '/try', lazy: lazy(['try'], () => import('../pages/try-page').then((m) => m.TryPage)) },
          { path: '/blog', lazy: lazy(['blog'], () => import('../pages/blog-page').then((m) => m.BlogPage)) },
          {
            path: '/blog/:slug',
            lazy: lazy(['blog'], () => import('../pages/blog-post-page').then((m) => m.BlogPostPage)),
          },
          {
            path: '/support',
            lazy: lazy(['inquiry'], () => import('../pages/support-page').then((m) => m.SupportPage)),
          },
          { path: '/admin/*', lazy: adminConsole(false) },
          { path: '/admin-blog', lazy: adminConsole(true) },
          {
            path: '/unsubscribe',
            lazy: lazy(['blog'], () => import('../pages/unsubscribe-page').then((m) => m.UnsubscribePage)),
          },
          {
            path: '/subscribe/confirm',
            lazy: lazy(['blog'], () => import('../pages/subscribe-confirm-page').then((m) => m.SubscribeConfirmPage)),
          },
          {
            path: '/privacy',
            lazy: lazy(['legal'], () => import('../pages/privacy-page').then((m) => m.PrivacyPage)),
          },
          { path: '/terms', lazy: lazy(['legal'], () => import('../pages/terms-page').then((m) => m.TermsPage)) },
          {
            path: '/v/:qrToken',
            loader: messageLoader,
            // What the router shows until the loader returns (at once: it does not wait for the data).
            HydrateFallback: () => null,
            lazy: lazy(['message'], () => import('../pages/message-page').then((m) => m.MessagePage)),
          },
          { path: '*', lazy: lazy(['pages'], () => import('../pages/not-found-page').then((m) => m.NotFoundPage)) },
        ] satisfies RouteObject[]
      ).map((route) => ({
        ...route,
        // A page whose code fails to load (an old tab after a deploy, offline) shows RouteError
        // inside the layout, as one that throws does (app/layout.tsx).
        ErrorBoundary: RouteError,
      })),
    },
  ];
}

/**
 * Resolves the lazy routes matching `location` before the router starts, as React Router asks of
 * a server-rendered page: the first render is then the server's HTML exactly, with no fallback.
 */
export async function resolveLazyRoutes(routes: RouteObject[], location: string): Promise<void> {
  const lazyMatches = matchRoutes(routes, location)?.filter((match) => match.route.lazy) ?? [];
  await Promise.all(
    lazyMatches.map(async ({ route }) => {
      const resolved = await (route.lazy as () => Promise<Partial<RouteObject>>)();
      Object.assign(route, { ...resolved, lazy: undefined });
    }),
  );
}

/**
 * Fetches the code and texts of the page at `path` ahead of a visit (a pointer over its link):
 * React Router's own `<Link prefetch="intent">` exists only in its framework mode, not with data
 * routers, so in-app links call the route's lazy themselves (components/page-link.tsx). The
 * browser keeps the modules and i18n the texts, so the visit's own lazy finds them in.
 */
export async function prefetchRoute(routes: RouteObject[], path: string): Promise<void> {
  const lazy = (matchRoutes(routes, path) ?? []).map(({ route }) => route.lazy);
  await Promise.all(lazy.map((load) => (typeof load === 'function' ? load() : Promise.resolve())));
}
