import { Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { PageHead } from '../components/page-head';
import { PageIntro } from '../components/page-intro';
import { env } from '../lib/env';

export function TermsPage() {
  const { t } = useTranslation();

  return (
    <>
      <PageHead title={t('terms.title')} description={t('terms.description')} />
      <PageIntro
        heading={t('terms.heading')}
        intro={t('terms.intro', { email: env.CONTACT_EMAIL, phone: env.CONTACT_PHONE })}
      >
        <Text fontSize="sm" color="fg.muted">
          {t('terms.effective')}
        </Text>
      </PageIntro>
    </>
  );
}
