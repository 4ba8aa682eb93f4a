import { useTranslation } from '../lib/i18n';
import { PageHead } from '../components/page-head';
import { LegalDocument } from '../features/content/components/legal-document';
import { env } from '../lib/env';

export function PrivacyPage() {
  const { t } = useTranslation();
  const contact = { email: env.CONTACT_EMAIL, phone: env.CONTACT_PHONE };

  return (
    <>
      <PageHead title={t('privacy.title')} description={t('privacy.description')} />
      <LegalDocument
        idPrefix="privacy"
        heading={t('privacy.heading')}
        intro={t('privacy.intro')}
        effective={t('privacy.effective')}
        contentsLabel={t('legal.contentsLabel')}
        sections={t('privacy.sections', { returnObjects: true, ...contact })}
      />
    </>
  );
}
