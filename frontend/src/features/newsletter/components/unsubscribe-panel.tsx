import { Button, Container, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import { CircleCheck, CircleExclamationPoint, MailX } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { PageLink } from '../../../components/page-link';
import { errorMessage } from '../../../lib/api-client';
import { useUnsubscribe } from '../api/use-unsubscribe';

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

function StatusCard({ icon, tone, title, text, children }: StatusCardProps) {
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

function BackToBlogButton({ variant = 'solid' }: { variant?: 'solid' | 'outline' }) {
  const { t } = useTranslation();
  return (
    <Button asChild variant={variant} rounded="full">
      <PageLink to="/blog">{t('unsubscribe.backToBlog')}</PageLink>
    </Button>
  );
}

/** Unsubscribing from new-post emails by the token of the mail's link, after a confirmation. */
export function UnsubscribePanel({ token }: { token: string | null }) {
  const { t } = useTranslation();
  const unsubscribe = useUnsubscribe();
  const iconProps = { 'aria-hidden': true, size: 28 } as const;

  if (!token) {
    return (
      <StatusCard
        tone="error"
        icon={<CircleExclamationPoint {...iconProps} />}
        title={t('unsubscribe.invalidTitle')}
        text={t('unsubscribe.invalidDescription')}
      >
        <BackToBlogButton />
      </StatusCard>
    );
  }

  if (unsubscribe.isSuccess) {
    return (
      <StatusCard
        tone="success"
        icon={<CircleCheck {...iconProps} />}
        title={t('unsubscribe.successTitle')}
        text={t('unsubscribe.successDescription')}
      >
        <BackToBlogButton />
      </StatusCard>
    );
  }

  if (unsubscribe.isError) {
    return (
      <StatusCard
        tone="error"
        icon={<CircleExclamationPoint {...iconProps} />}
        title={t('unsubscribe.errorTitle')}
        text={errorMessage(unsubscribe.error) ?? t('unsubscribe.errorDescription')}
      >
        <Button rounded="full" onClick={() => unsubscribe.mutate(token)}>
          {t('unsubscribe.retry')}
        </Button>
        <BackToBlogButton variant="outline" />
      </StatusCard>
    );
  }

  return (
    <StatusCard
      tone="neutral"
      icon={<MailX {...iconProps} />}
      title={t('unsubscribe.confirmTitle')}
      text={t('unsubscribe.confirmDescription')}
    >
      {/* A link, not a button: followed by the browser itself until the app has taken over. */}
      <Button asChild variant="outline" rounded="full">
        <PageLink to="/blog">{t('unsubscribe.cancel')}</PageLink>
      </Button>
      <Button
        rounded="full"
        loading={unsubscribe.isPending}
        loadingText={t('unsubscribe.pending')}
        onClick={() => unsubscribe.mutate(token)}
      >
        {t('unsubscribe.confirm')}
      </Button>
    </StatusCard>
  );
}
