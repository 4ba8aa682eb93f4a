import { Box, Button, Wrap } from '@chakra-ui/react';
import { Heart } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { PageHead } from '../components/page-head';
import { PageIntro } from '../components/page-intro';
import { PageLink } from '../components/page-link';

export function HomePage() {
  const { t } = useTranslation();

  return (
    <Box bgGradient="to-b" gradientFrom="colorPalette.subtle" gradientTo="bg">
      <PageHead description={t('home.description')} />
      <PageIntro heading={t('home.heading')} intro={t('home.intro')}>
        <Wrap gap="3" pt="2">
          <Button asChild size="lg" rounded="full">
            <PageLink to="/try">
              <Heart aria-hidden fill="currentColor" />
              {t('home.ctaTry')}
            </PageLink>
          </Button>
          <Button asChild size="lg" rounded="full" variant="outline">
            <PageLink to="/why">{t('home.ctaWhy')}</PageLink>
          </Button>
          <Button asChild size="lg" rounded="full" variant="outline">
            <PageLink to="/how">{t('home.ctaHow')}</PageLink>
          </Button>
          <Button asChild size="lg" rounded="full" variant="outline">
            <PageLink to="/about">{t('home.ctaAbout')}</PageLink>
          </Button>
        </Wrap>
      </PageIntro>
    </Box>
  );
}
