import { useTranslation } from 'react-i18next';
import { PageHead } from '../components/page-head';
import { PageIntro } from '../components/page-intro';

/** Where a scanned QR code lands (/v/:qrToken). Recording and playback come with the message feature. */
export function MessagePage() {
  const { t } = useTranslation();

  return (
    <>
      {/* Each code's page is private to its giver and recipient: keep it out of search results. */}
      <PageHead title={t('message.title')} description={t('message.description')} noIndex />
      <PageIntro heading={t('message.heading')} intro={t('message.comingSoon')} />
    </>
  );
}
