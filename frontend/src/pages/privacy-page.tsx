import { useTranslation } from '../lib/i18n';
import { PageHead } from '../components/page-head';
import { LegalDocument, type LegalSection } from '../features/content/components/legal-document';
import { env } from '../lib/env';
import { StaticContent } from '../components/static-content';

export function PrivacyPage() {
  const { t } = useTranslation();
  const contact = { email: env.CONTACT_EMAIL, phone: env.CONTACT_PHONE };

  return (
    <>
      <PageHead title={t('privacy.title')} description={t('privacy.description')} />
      <StaticContent>
        <LegalDocument
          idPrefix="privacy"
          heading={t('privacy.heading')}
          intro={t('privacy.intro')}
          effective={t('privacy.effective')}
          contentsLabel={t('legal.contentsLabel')}
          sections={t('privacy.sections', { returnObjects: true, ...contact }) as LegalSection[]}
        />
      </StaticContent>
    </>
  );
}
