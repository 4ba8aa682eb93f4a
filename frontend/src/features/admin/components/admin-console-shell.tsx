import { Box, Button, Container, Flex, Text } from '@chakra-ui/react';
import { LogOut } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { Link, useLocation } from 'react-router-dom';
import { clearAllDrafts } from '../editor-draft';

export const CONSOLE_SECTIONS = ['blog', 'qr', 'inquiries', 'testimonials', 'subscribers'] as const;
export type ConsoleSection = (typeof CONSOLE_SECTIONS)[number];

/** What the console gives each section's screen. */
export interface AdminSectionProps {
  token: string;
  /** The server rejected the token: back to the login form (an open editor's draft stays stored). */
  onSessionExpired: () => void;
}

interface AdminConsoleShellProps {
  /** Set where the URL does not name the section (/admin-blog). */
  activeSection?: ConsoleSection;
  onLogOut: () => void;
  children: ReactNode;
}

/** The signed-in admin's frame: a tab bar of the sections and logout; none of it is printed. */
export function AdminConsoleShell({ activeSection, onLogOut, children }: AdminConsoleShellProps) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const current = activeSection ?? CONSOLE_SECTIONS.find((section) => pathname.startsWith(`/admin/${section}`));

  const logOut = () => {
    clearAllDrafts();
    onLogOut();
  };

  return (
    <Container maxW="6xl" py={{ base: '6', md: '10' }}>
      <Flex
        data-print-hide
        mb={{ base: '6', md: '8' }}
        gap="3"
        align={{ base: 'stretch', md: 'center' }}
        direction={{ base: 'column', md: 'row' }}
        borderBottomWidth="1px"
        pb="3"
      >
        <Text fontWeight="semibold" color="fg.muted" flexShrink={0}>
          {t('admin.console.title')}
        </Text>
        {/* Scrolls sideways on a phone instead of wrapping into a tall block. */}
        <Box as="nav" aria-label={t('admin.console.navLabel')} flex="1" overflowX="auto">
          <Flex as="ul" listStyleType="none" gap="1" minW="max-content">
            {CONSOLE_SECTIONS.map((section) => (
              <li key={section}>
                <Button
                  asChild
                  variant={current === section ? 'subtle' : 'ghost'}
                  size={{ base: 'md', md: 'sm' }}
                  minH="44px"
                  fontWeight={current === section ? 'bold' : 'medium'}
                >
                  <Link to={`/admin/${section}`} aria-current={current === section ? 'page' : undefined}>
                    {t(`admin.console.sections.${section}`)}
                  </Link>
                </Button>
              </li>
            ))}
          </Flex>
        </Box>
        <Button
          variant="outline"
          size={{ base: 'md', md: 'sm' }}
          onClick={logOut}
          alignSelf={{ base: 'flex-start', md: 'center' }}
        >
          <LogOut aria-hidden />
          {t('admin.logout')}
        </Button>
      </Flex>
      {children}
    </Container>
  );
}
