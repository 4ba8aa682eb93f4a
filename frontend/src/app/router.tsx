import { lazy, type ComponentType, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { matchRoutes, useRoutes, type Location, type RouteObject } from 'react-router-dom';
import { HydrateInTask } from '../components/hydrate-in-task';
import { LoadingState } from '../components/loading-state';
import type { TranslationArea } from '../i18n/areas';
import { loadTranslations } from '../lib/i18n';
import { Layout } from './layout';

type LazyPage<Props> = ComponentType<Props> & {
  /** Fetches the page's code and translations; resolves once the page renders without suspending. */
  load: () => Promise<void>;
};

/**
 * A route's page: its own chunk and the translations it needs, fetched together the first time it
 * renders (it suspends meanwhile) or ahead of that with `load()`. Once loaded it renders at once,
 * which hydrating a prerendered page requires (start-app.tsx loads the current page first).
 */
function lazyPage<Module, Props extends object = object>(
  areas: TranslationArea[],
  load: () => Promise<Module>,
  pick: (module: Module) => ComponentType<Props>,
): LazyPage<Props> {
  let Loaded: ComponentType<Props> | undefined;
  const loadPage = async () => {
    const [module] = await Promise.all([load(), loadTranslations(areas)]);
    Loaded = pick(module);
    return { default: Loaded };
  };
  const Suspending = lazy(loadPage);
  const Page = (props: Props) => (Loaded ? <Loaded {...props} /> : <Suspending {...props} />);
  return Object.assign(Page, { load: async () => void (await loadPage()) });
}

// Every page is its own chunk, so a visitor downloads only the code of the pages they open; the
// admin console's chunk is fetched only when an admin route is opened.
const HomePage = lazyPage(
  ['home'],
  () => import('../pages/home-page'),
  (m) => m.HomePage,
);
const HowPage = lazyPage(
  ['pages'],
  () => import('../pages/how-page'),
  (m) => m.HowPage,
);
const AboutPage = lazyPage(
  ['pages'],
  () => import('../pages/about-page'),
  (m) => m.AboutPage,
);
const WhyPage = lazyPage(
  ['pages'],
  () => import('../pages/why-page'),
  (m) => m.WhyPage,
);
const PartnerPage = lazyPage(
  ['pages', 'inquiry'],
  () => import('../pages/partner-page'),
  (m) => m.PartnerPage,
);
const TryPage = lazyPage(
  ['try'],
  () => import('../pages/try-page'),
  (m) => m.TryPage,
);
const BlogPage = lazyPage(
  ['blog'],
  () => import('../pages/blog-page'),
  (m) => m.BlogPage,
);
const BlogPostPage = lazyPage(
  ['blog'],
  () => import('../pages/blog-post-page'),
  (m) => m.BlogPostPage,
);
const SupportPage = lazyPage(
  ['inquiry'],
  () => import('../pages/support-page'),
  (m) => m.SupportPage,
);
const AdminConsolePage = lazyPage(
  ['admin'],
  () => import('../pages/admin-console-page'),
  (m) => m.AdminConsolePage,
);
const UnsubscribePage = lazyPage(
  ['blog'],
  () => import('../pages/unsubscribe-page'),
  (m) => m.UnsubscribePage,
);
const PrivacyPage = lazyPage(
  ['legal'],
  () => import('../pages/privacy-page'),
  (m) => m.PrivacyPage,
);
const TermsPage = lazyPage(
  ['legal'],
  () => import('../pages/terms-page'),
  (m) => m.TermsPage,
);
const MessagePage = lazyPage(
  ['message'],
  () => import('../pages/message-page'),
  (m) => m.MessagePage,
);
const NotFoundPage = lazyPage(
  ['pages'],
  () => import('../pages/not-found-page'),
  (m) => m.NotFoundPage,
);

interface PageRoute {
  path: string;
  page: LazyPage<object>;
  /** What the route renders, when the page takes props. */
  element?: ReactElement;
}

const pages: PageRoute[] = [
  { path: '/', page: HomePage },
  { path: '/how', page: HowPage },
  { path: '/about', page: AboutPage },
  { path: '/why', page: WhyPage },
  { path: '/partner', page: PartnerPage },
  { path: '/try', page: TryPage },
  { path: '/blog', page: BlogPage },
  { path: '/blog/:slug', page: BlogPostPage },
  { path: '/support', page: SupportPage },
  { path: '/admin/*', page: AdminConsolePage },
  { path: '/admin-blog', page: AdminConsolePage, element: <AdminConsolePage blogOnly /> },
  { path: '/unsubscribe', page: UnsubscribePage },
  { path: '/privacy', page: PrivacyPage },
  { path: '/terms', page: TermsPage },
  { path: '/v/:qrToken', page: MessagePage },
  { path: '*', page: NotFoundPage },
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
export async function loadMatchedRoutes(location: Partial<Location> | string): Promise<void> {
  const matched = matchRoutes(routes, location)?.at(-1)?.route;
  await pages.find((route) => route.path === matched?.path)?.page.load();
}
