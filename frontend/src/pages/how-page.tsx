import { useTranslation } from 'react-i18next';
import { PageHead } from '../components/page-head';
import { PageIntro } from '../components/page-intro';

export function HowPage() {
  const { t } = useTranslation();

  return (
    <>
      <PageHead title={t('how.title')} description={t('how.description')} />
      <PageIntro heading={t('how.heading')} intro={t('how.intro')} />
    </>
  );
}
