import { Button } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { PageHead } from '../components/page-head';
import { PageIntro } from '../components/page-intro';
import { PageLink } from '../components/page-link';

export function NotFoundPage() {
  const { t } = useTranslation();

  return (
    <>
      <PageHead title={t('notFound.title')} description={t('notFound.description')} noIndex />
      <PageIntro heading={t('notFound.heading')} intro={t('notFound.text')}>
        <Button asChild alignSelf="flex-start" rounded="full">
          <PageLink to="/">{t('notFound.home')}</PageLink>
        </Button>
      </PageIntro>
    </>
  );
}
