import { Button } from '@chakra-ui/react';
import { CircleCheck, CircleExclamationPoint, MailX } from 'lucide-react';
import { useTranslation } from '../../../lib/i18n';
import { PageLink } from '../../../components/page-link';
import { errorMessage } from '../../../lib/api-client';
import { useUnsubscribe } from '../api/use-unsubscribe';
import { BlogLinkButton, STATUS_ICON_PROPS as iconProps, StatusCard } from './status-card';

/** Unsubscribing from new-post emails by the token of the mail's link, after a confirmation. */
export function UnsubscribePanel({ token }: { token: string | null }) {
  const { t } = useTranslation();
  const unsubscribe = useUnsubscribe();

  if (!token) {
    return (
      <StatusCard
        tone="error"
        icon={<CircleExclamationPoint {...iconProps} />}
        title={t('unsubscribe.invalidTitle')}
        text={t('unsubscribe.invalidDescription')}
      >
        <BlogLinkButton />
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
        <BlogLinkButton />
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
        <BlogLinkButton variant="outline" />
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
