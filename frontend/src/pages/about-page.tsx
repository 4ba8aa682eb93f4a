import { useTranslation } from 'react-i18next';
import { PageHead } from '../components/page-head';
import { PageIntro } from '../components/page-intro';

export function AboutPage() {
  const { t } = useTranslation();

  return (
    <>
      <PageHead title={t('about.title')} description={t('about.description')} />
      <PageIntro heading={t('about.heading')} intro={t('about.intro')} />
    </>
  );
}
