import { Button, Container, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { PageLink } from '../../../components/page-link';
import { useTranslation } from '../../../lib/i18n';

interface StatusCardProps {
  icon: ReactNode;
  tone: 'neutral' | 'success' | 'error';
  title: string;
  text: string;
  children?: ReactNode;
}

const toneColors = {
  neutral: { bg: 'colorPalette.subtle', color: 'colorPalette.fg' },
  success: { bg: 'green.subtle', color: 'green.fg' },
  error: { bg: 'red.subtle', color: 'red.fg' },
} as const;

/** The card of a page a newsletter mail's link opens (confirm, unsubscribe): one state at a time. */
export function StatusCard({ icon, tone, title, text, children }: StatusCardProps) {
  return (
    <Container maxW="lg" py={{ base: '12', md: '20' }}>
      <Stack
        gap="5"
        align="center"
        textAlign="center"
        borderWidth="1px"
        borderColor="border.muted"
        rounded="2xl"
        p={{ base: '6', md: '10' }}
        shadow="sm"
      >
        <Flex align="center" justify="center" boxSize="14" rounded="full" {...toneColors[tone]}>
          {icon}
        </Flex>
        {/* Announced when the state changes (pending → success or failure). */}
        <Stack gap="2" aria-live="polite">
          <Heading as="h1" size="2xl">
            {title}
          </Heading>
          <Text color="fg.muted">{text}</Text>
        </Stack>
        {children && (
          <Flex gap="3" wrap="wrap" justify="center">
            {children}
          </Flex>
        )}
      </Stack>
    </Container>
  );
}

/** A link, not a button: followed by the browser itself until the app has taken over. */
export function BlogLinkButton({ label, variant = 'solid' }: { label?: string; variant?: 'solid' | 'outline' }) {
  const { t } = useTranslation();
  return (
    <Button asChild variant={variant} rounded="full">
      <PageLink to="/blog">{label ?? t('newsletter.backToBlog')}</PageLink>
    </Button>
  );
}

export const STATUS_ICON_PROPS = { 'aria-hidden': true, size: 28 } as const;
