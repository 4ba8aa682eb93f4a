import { Box, Flex, SkipNavContent, SkipNavLink } from '@chakra-ui/react';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router-dom';
import { LoadingState } from '../components/loading-state';
import { Toaster } from '../components/toaster';
import { useHydrated } from '../lib/use-hydrated';
import { NotificationBanner } from './notification-banner';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';
import { useRouteChange } from './use-route-change';

export function Layout() {
  const { t } = useTranslation();
  useRouteChange();
  const live = useHydrated();

  return (
    // data-live: the page has become the app (its controls answer), not prerendered HTML only.
    <Flex direction="column" minH="100dvh" data-live={live || undefined}>
      <SkipNavLink>{t('site.skipToContent')}</SkipNavLink>
      <SiteHeader />
      {/* At least a screen tall: content that arrives after the first paint (posts, testimonials)
          grows the page below the fold instead of pushing a visible footer down (layout shift). */}
      <Box as="main" flex="1" minH="100dvh">
        <SkipNavContent />
        {/* Lazily loaded pages (admin) show a spinner while their code arrives. */}
        <Suspense fallback={<LoadingState label={t('site.loading')} />}>
          <Outlet />
        </Suspense>
      </Box>
      <SiteFooter />
      <NotificationBanner />
      <Toaster />
    </Flex>
  );
}
