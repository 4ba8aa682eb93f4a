import { Box, Flex, SkipNavContent, SkipNavLink } from '@chakra-ui/react';
import { useTranslation } from '../lib/i18n';
import { Outlet, useLocation } from 'react-router-dom';
import { HydrateInTask } from '../components/hydrate-in-task';
import { StaticContent } from '../components/static-content';
import { Toaster } from '../components/toaster';
import { NotificationBanner } from './notification-banner';
import { RouteErrorBoundary } from './route-error-boundary';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';
import { useRouteChange } from './use-route-change';

export function Layout() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  useRouteChange();

  return (
    <Flex direction="column" minH="100dvh">
      <StaticContent>
        <SkipNavLink>{t('site.skipToContent')}</SkipNavLink>
      </StaticContent>
      <HydrateInTask>
        <SiteHeader />
      </HydrateInTask>
      {/* At least a screen tall: content that arrives after the first paint (posts, testimonials)
          grows the page below the fold instead of pushing a visible footer down (layout shift). */}
      <Box as="main" flex="1" minH="100dvh">
        <SkipNavContent />
        {/* Keeps header and footer around a page that fails. Pages opened within the app show a
            spinner while their code arrives (app/router.tsx). */}
        <RouteErrorBoundary pathname={pathname}>
          <Outlet />
        </RouteErrorBoundary>
      </Box>
      <StaticContent>
        <SiteFooter />
      </StaticContent>
      {/* Hidden until it shows: adopted in a task of its own, after the header and the page. */}
      <HydrateInTask>
        <NotificationBanner />
      </HydrateInTask>
      <Toaster />
    </Flex>
  );
}
