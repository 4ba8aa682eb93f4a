import { useTranslation } from 'react-i18next';
import { PageHead } from '../components/page-head';
import { PageIntro } from '../components/page-intro';
import { env } from '../lib/env';

export function SupportPage() {
  const { t } = useTranslation();

  return (
    <>
      <PageHead title={t('support.title')} description={t('support.description')} />
      <PageIntro
        heading={t('support.heading')}
        intro={t('support.intro', { email: env.CONTACT_EMAIL, phone: env.CONTACT_PHONE })}
      />
    </>
  );
}
