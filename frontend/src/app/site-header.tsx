import { Box, Button, Container, Flex, HStack, IconButton, Link, Stack } from '@chakra-ui/react';
import { Gift, Heart, Menu, X } from 'lucide-react';
import { useEffect, useState, type MouseEvent } from 'react';
import { useTranslation } from '../lib/i18n';
import { useLocation } from 'react-router-dom';
import { PageLink, isPlainLeftClick } from '../components/page-link';
import { Tooltip } from '../components/tooltip';
import { LanguageToggle } from './language-toggle';
import { CALL_TO_ACTION_PATH, navItems } from './nav-items';

const HEADER_HEIGHT = '16';
const MOBILE_MENU_ID = 'mobile-menu';

export function SiteHeader() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  // Closes after any navigation, including back/forward.
  const [menuPath, setMenuPath] = useState(pathname);
  if (menuPath !== pathname) {
    setMenuPath(pathname);
    setMenuOpen(false);
  }

  const closeAfterNavigating = (event: MouseEvent) => {
    if (isPlainLeftClick(event)) setMenuOpen(false);
  };

  useEffect(() => {
    if (!menuOpen) return;
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setMenuOpen(false);
    };
    document.addEventListener('keydown', closeOnEscape);
    return () => document.removeEventListener('keydown', closeOnEscape);
  }, [menuOpen]);

  return (
    <Box
      as="header"
      position="sticky"
      top="0"
      zIndex="sticky"
      bg="bg/90"
      backdropFilter="saturate(180%) blur(8px)"
      borderBottomWidth="1px"
      borderColor="border.muted"
    >
      <Container maxW="6xl">
        <Flex h={HEADER_HEIGHT} align="center" justify="space-between" gap="4">
          <Link asChild variant="plain" fontWeight="bold" fontSize="xl" color="colorPalette.fg" gap="2">
            <PageLink to="/" aria-label={t('nav.homeLink')}>
              <Gift aria-hidden size={24} />
              {t('brand')}
            </PageLink>
          </Link>

          <Box as="nav" aria-label={t('nav.label')} hideBelow="lg">
            <HStack as="ul" gap="1" listStyleType="none">
              {navItems.map((item) => (
                <Box as="li" key={item.to}>
                  {item.to === CALL_TO_ACTION_PATH ? (
                    <Button asChild size="sm" rounded="full" ms="2">
                      <PageLink to={item.to}>
                        <Heart aria-hidden fill="currentColor" />
                        {t(item.labelKey)}
                      </PageLink>
                    </Button>
                  ) : (
                    <Link
                      asChild
                      variant="plain"
                      px="3"
                      py="2"
                      rounded="md"
                      fontSize="sm"
                      fontWeight="medium"
                      color="fg.muted"
                      _hover={{ color: 'colorPalette.fg', bg: 'colorPalette.subtle' }}
                      _currentPage={{ color: 'colorPalette.fg', fontWeight: 'semibold' }}
                    >
                      <PageLink to={item.to}>{t(item.labelKey)}</PageLink>
                    </Link>
                  )}
                </Box>
              ))}
            </HStack>
          </Box>

          <HStack gap="2">
            <LanguageToggle h={{ base: '12', lg: '9' }} />
            <Tooltip label={menuOpen ? t('nav.closeMenu') : t('nav.openMenu')}>
              <IconButton
                hideFrom="lg"
                variant="ghost"
                size="lg"
                h="12"
                minW="12"
                aria-label={menuOpen ? t('nav.closeMenu') : t('nav.openMenu')}
                aria-expanded={menuOpen}
                aria-controls={MOBILE_MENU_ID}
                onClick={() => setMenuOpen((open) => !open)}
              >
                {menuOpen ? <X aria-hidden /> : <Menu aria-hidden />}
              </IconButton>
            </Tooltip>
          </HStack>
        </Flex>
      </Container>

      {menuOpen && (
        <Box
          as="nav"
          id={MOBILE_MENU_ID}
          aria-label={t('nav.label')}
          hideFrom="lg"
          position="absolute"
          top="100%"
          insetX="0"
          borderTopWidth="1px"
          borderColor="border.muted"
          bg="bg"
          shadow="md"
          maxH={`calc(100dvh - var(--chakra-sizes-${HEADER_HEIGHT}))`}
          overflowY="auto"
        >
          <Container maxW="6xl" py="2">
            <Stack as="ul" gap="1" listStyleType="none">
              {navItems.map((item) => (
                <Box as="li" key={item.to}>
                  {item.to === CALL_TO_ACTION_PATH ? (
                    <Button asChild w="full" h="12" rounded="lg" my="1">
                      <PageLink to={item.to} onClick={closeAfterNavigating}>
                        <Heart aria-hidden fill="currentColor" />
                        {t(item.labelKey)}
                      </PageLink>
                    </Button>
                  ) : (
                    <Link
                      asChild
                      variant="plain"
                      display="flex"
                      alignItems="center"
                      w="full"
                      minH="12"
                      px="3"
                      rounded="lg"
                      fontWeight="medium"
                      _hover={{ bg: 'colorPalette.subtle' }}
                      _currentPage={{ color: 'colorPalette.fg', bg: 'colorPalette.subtle' }}
                    >
                      <PageLink to={item.to} onClick={closeAfterNavigating}>
                        {t(item.labelKey)}
                      </PageLink>
                    </Link>
                  )}
                </Box>
              ))}
            </Stack>
          </Container>
        </Box>
      )}
    </Box>
  );
}
