import { useTranslation } from 'react-i18next';
import { PageHead } from '../components/page-head';
import { PageIntro } from '../components/page-intro';

export function WhyPage() {
  const { t } = useTranslation();

  return (
    <>
      <PageHead title={t('why.title')} description={t('why.description')} />
      <PageIntro heading={t('why.heading')} intro={t('why.intro')} />
    </>
  );
}
