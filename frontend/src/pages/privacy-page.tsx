import { Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { PageHead } from '../components/page-head';
import { PageIntro } from '../components/page-intro';
import { env } from '../lib/env';

export function PrivacyPage() {
  const { t } = useTranslation();

  return (
    <>
      <PageHead title={t('privacy.title')} description={t('privacy.description')} />
      <PageIntro
        heading={t('privacy.heading')}
        intro={t('privacy.intro', { email: env.CONTACT_EMAIL, phone: env.CONTACT_PHONE })}
      >
        <Text fontSize="sm" color="fg.muted">
          {t('privacy.effective')}
        </Text>
      </PageIntro>
    </>
  );
}
