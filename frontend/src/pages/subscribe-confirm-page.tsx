import { useSearchParams } from 'react-router-dom';
import { PageHead } from '../components/page-head';
import { SubscriptionConfirmPanel } from '../features/newsletter/components/subscription-confirm-panel';
import { useTranslation } from '../lib/i18n';

export function SubscribeConfirmPage() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token')?.trim() || null;

  return (
    <>
      <PageHead title={t('subscribeConfirm.title')} description={t('subscribeConfirm.description')} noIndex />
      {/* A new token in the address starts over (a fresh mutation state). */}
      <SubscriptionConfirmPanel key={token ?? ''} token={token} />
    </>
  );
}
