import { Box, Flex, SkipNavContent, SkipNavLink } from '@chakra-ui/react';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router-dom';
import { LoadingState } from '../components/loading-state';
import { Toaster } from '../components/toaster';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';
import { useRouteChange } from './use-route-change';

export function Layout() {
  const { t } = useTranslation();
  useRouteChange();

  return (
    <Flex direction="column" minH="100dvh">
      <SkipNavLink>{t('site.skipToContent')}</SkipNavLink>
      <SiteHeader />
      <Box as="main" flex="1">
        <SkipNavContent />
        {/* Lazily loaded pages (admin) show a spinner while their code arrives. */}
        <Suspense fallback={<LoadingState label={t('site.loading')} />}>
          <Outlet />
        </Suspense>
      </Box>
      <SiteFooter />
      <Toaster />
    </Flex>
  );
}
