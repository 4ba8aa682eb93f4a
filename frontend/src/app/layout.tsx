import { Box, Flex, SkipNavContent, SkipNavLink } from '@chakra-ui/react';
import { useTranslation } from '../lib/i18n';
import { Outlet, useLocation } from 'react-router-dom';
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
        {/* Keeps header and footer around a page that fails. Pages opened within the app show a
            spinner while their code arrives (app/router.tsx). */}
        <RouteErrorBoundary pathname={pathname}>
          <Outlet />
        </RouteErrorBoundary>
      </Box>
      <SiteFooter />
      <NotificationBanner />
      <Toaster />
    </Flex>
  );
}
