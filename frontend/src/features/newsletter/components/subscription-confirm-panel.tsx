import { Button } from '@chakra-ui/react';
import { CircleCheck, CircleExclamationPoint, MailCheck } from 'lucide-react';
import { PageLink } from '../../../components/page-link';
import { errorMessage, hasStatus } from '../../../lib/api-client';
import { useTranslation } from '../../../lib/i18n';
import { useConfirmSubscription } from '../api/use-confirm-subscription';
import { BlogLinkButton, STATUS_ICON_PROPS as iconProps, StatusCard } from './status-card';

/**
 * Confirming a subscription by the token of the mailed link, when the visitor presses the button:
 * mail scanners open links, so opening the page confirms nothing.
 */
export function SubscriptionConfirmPanel({ token }: { token: string | null }) {
  const { t } = useTranslation();
  const confirm = useConfirmSubscription();

  if (!token) {
    return (
      <StatusCard
        tone="error"
        icon={<CircleExclamationPoint {...iconProps} />}
        title={t('subscribeConfirm.invalidTitle')}
        text={t('subscribeConfirm.invalidDescription')}
      >
        <BlogLinkButton />
      </StatusCard>
    );
  }

  if (confirm.isSuccess) {
    return (
      <StatusCard
        tone="success"
        icon={<CircleCheck {...iconProps} />}
        title={t('subscribeConfirm.successTitle')}
        text={t('subscribeConfirm.successDescription')}
      >
        <BlogLinkButton />
      </StatusCard>
    );
  }

  if (confirm.isError) {
    // A used or expired link cannot work again: the way on is to subscribe anew, from the blog.
    const linkIsDead = hasStatus(confirm.error, 404);
    return (
      <StatusCard
        tone="error"
        icon={<CircleExclamationPoint {...iconProps} />}
        title={t('subscribeConfirm.errorTitle')}
        text={errorMessage(confirm.error) ?? t('subscribeConfirm.errorDescription')}
      >
        {linkIsDead ? (
          <BlogLinkButton label={t('subscribeConfirm.subscribeAgain')} />
        ) : (
          <>
            <Button rounded="full" onClick={() => confirm.mutate(token)}>
              {t('subscribeConfirm.retry')}
            </Button>
            <BlogLinkButton variant="outline" />
          </>
        )}
      </StatusCard>
    );
  }

  return (
    <StatusCard
      tone="neutral"
      icon={<MailCheck {...iconProps} />}
      title={t('subscribeConfirm.confirmTitle')}
      text={t('subscribeConfirm.confirmDescription')}
    >
      <Button asChild variant="outline" rounded="full">
        <PageLink to="/blog">{t('subscribeConfirm.cancel')}</PageLink>
      </Button>
      <Button
        rounded="full"
        loading={confirm.isPending}
        loadingText={t('subscribeConfirm.pending')}
        onClick={() => confirm.mutate(token)}
      >
        {t('subscribeConfirm.confirm')}
      </Button>
    </StatusCard>
  );
}
