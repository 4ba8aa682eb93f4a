import { Link, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { PageHead } from '../components/page-head';
import { PageIntro } from '../components/page-intro';
import { env } from '../lib/env';

export function PartnerPage() {
  const { t } = useTranslation();

  return (
    <>
      <PageHead title={t('partner.title')} description={t('partner.description')} />
      <PageIntro heading={t('partner.heading')} intro={t('partner.intro')}>
        <Text fontWeight="medium">
          <Link href={`mailto:${env.CONTACT_EMAIL}`} color="colorPalette.fg">
            {t('partner.contact', { email: env.CONTACT_EMAIL })}
          </Link>
        </Text>
      </PageIntro>
    </>
  );
}
