import { useTranslation } from '../lib/i18n';
import { useSearchParams } from 'react-router-dom';
import { PageHead } from '../components/page-head';
import { UnsubscribePanel } from '../features/newsletter/components/unsubscribe-panel';

export function UnsubscribePage() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token')?.trim() || null;

  return (
    <>
      <PageHead title={t('unsubscribe.title')} description={t('unsubscribe.description')} noIndex />
      {/* A new token in the address starts over (a fresh mutation state). */}
      <UnsubscribePanel key={token ?? ''} token={token} />
    </>
  );
}
