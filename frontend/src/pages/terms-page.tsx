import { useTranslation } from '../lib/i18n';
import { PageHead } from '../components/page-head';
import { LegalDocument } from '../features/content/components/legal-document';
import { env } from '../lib/env';

export function TermsPage() {
  const { t } = useTranslation();
  const contact = { email: env.CONTACT_EMAIL, phone: env.CONTACT_PHONE };

  return (
    <>
      <PageHead title={t('terms.title')} description={t('terms.description')} />
      <LegalDocument
        idPrefix="terms"
        heading={t('terms.heading')}
        intro={t('terms.intro')}
        effective={t('terms.effective')}
        contentsLabel={t('legal.contentsLabel')}
        sections={t('terms.articles', { returnObjects: true, ...contact })}
      />
    </>
  );
}
