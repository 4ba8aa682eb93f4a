import { Box, Button, Text, Wrap } from '@chakra-ui/react';
import { House, Newspaper } from 'lucide-react';
import { useTranslation } from '../lib/i18n';
import { PageHead } from '../components/page-head';
import { PageIntro } from '../components/page-intro';
import { PageLink } from '../components/page-link';

export function NotFoundPage() {
  const { t } = useTranslation();

  return (
    <Box bgGradient="to-b" gradientFrom="colorPalette.subtle" gradientTo="bg" minH={{ base: 'auto', md: '60vh' }}>
      <PageHead title={t('notFound.title')} description={t('notFound.description')} noIndex />
      <PageIntro heading={t('notFound.heading')} intro={t('notFound.text')}>
        {/* The status code is decoration; the heading already says what happened. */}
        <Text
          aria-hidden
          order={-1}
          fontSize={{ base: '5xl', md: '7xl' }}
          fontWeight="bold"
          lineHeight="1"
          color="colorPalette.fg"
        >
          {t('notFoundPage.code')}
        </Text>
        <Wrap gap="3" pt="2">
          <Button asChild size="lg" rounded="full">
            <PageLink to="/">
              <House aria-hidden />
              {t('notFound.home')}
            </PageLink>
          </Button>
          <Button asChild size="lg" rounded="full" variant="outline">
            <PageLink to="/blog">
              <Newspaper aria-hidden />
              {t('notFoundPage.blog')}
            </PageLink>
          </Button>
        </Wrap>
      </PageIntro>
    </Box>
  );
}
