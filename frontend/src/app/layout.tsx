import { Box, Flex, SkipNavContent, SkipNavLink } from '@chakra-ui/react';
import { Suspense } from 'react';
import { useTranslation } from '../lib/i18n';
import { Outlet, useLocation } from 'react-router-dom';
import { LoadingState } from '../components/loading-state';
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
      <SkipNavLink>{t('site.skipToContent')}</SkipNavLink>
      <SiteHeader />
      {/* At least a screen tall: content that arrives after the first paint (posts, testimonials)
          grows the page below the fold instead of pushing a visible footer down (layout shift). */}
      <Box as="main" flex="1" minH="100dvh">
        <SkipNavContent />
        {/* Keeps header and footer around a page that fails. The pages' boundary, one for all of
            them: React hydrates the server's page after the layout, in a pass of its own; a page
            opened within the app comes in the router's transition, so the page shown stays until
            the next one's code and texts are in (no spinner flashing in between); only a page
            that suspends outside a transition shows the spinner. */}
        <RouteErrorBoundary pathname={pathname}>
          <Suspense fallback={<LoadingState label={t('site.loading')} />}>
            <Outlet />
          </Suspense>
        </RouteErrorBoundary>
      </Box>
      <SiteFooter />
      <NotificationBanner />
      <Toaster />
    </Flex>
  );
}
