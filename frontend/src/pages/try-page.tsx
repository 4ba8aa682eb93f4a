import { useTranslation } from 'react-i18next';
import { PageHead } from '../components/page-head';
import { PageIntro } from '../components/page-intro';

export function TryPage() {
  const { t } = useTranslation();

  return (
    <>
      <PageHead title={t('try.title')} description={t('try.description')} />
      <PageIntro heading={t('try.heading')} intro={t('try.intro')} />
    </>
  );
}
