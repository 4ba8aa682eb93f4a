import { Box, Button, Container, Grid, Heading, Wrap } from '@chakra-ui/react';
import { Heart } from 'lucide-react';
import { useTranslation } from '../../../lib/i18n';
import { PageLink } from '../../../components/page-link';
import { DeliverIllustration } from '../illustrations/step-illustrations';
import { HeroCarousel } from './hero-carousel';

const HEADER_HEIGHT = '4rem';

/**
 * The full-screen opening: the page's one h1 (hidden, stable whatever slide shows), the carousel,
 * and the links on to /try, /why, /how and /about.
 */
export function HomeHero() {
  const { t } = useTranslation();

  return (
    <Box
      bgGradient="to-br"
      gradientFrom="colorPalette.subtle"
      gradientTo="bg"
      // svh, not dvh: the hero must not resize while a phone's address bar slides away.
      minH={`calc(100svh - ${HEADER_HEIGHT})`}
      display="flex"
      alignItems="center"
      py={{ base: '10', md: '16' }}
    >
      <Container maxW="6xl">
        <Heading as="h1" srOnly>
          {t('home.heading')}
        </Heading>
        <Grid templateColumns={{ base: '1fr', lg: '3fr 2fr' }} gap={{ base: '4', lg: '10' }} alignItems="center">
          <Box minW="0">
            <HeroCarousel />
            <Wrap gap="3" mt={{ base: '6', md: '8' }}>
              <Button asChild size="lg" rounded="full" h="12">
                <PageLink to="/try">
                  <Heart aria-hidden fill="currentColor" />
                  {t('home.ctaTry')}
                </PageLink>
              </Button>
              <Button asChild size="lg" rounded="full" h="12" variant="outline" bg="bg">
                <PageLink to="/why">{t('home.ctaWhy')}</PageLink>
              </Button>
              <Button asChild size="lg" rounded="full" h="12" variant="outline" bg="bg">
                <PageLink to="/how">{t('home.ctaHow')}</PageLink>
              </Button>
              <Button asChild size="lg" rounded="full" h="12" variant="outline" bg="bg">
                <PageLink to="/about">{t('home.ctaAbout')}</PageLink>
              </Button>
            </Wrap>
          </Box>
          {/* First on phones (a small picture above the words), beside them on large screens. */}
          <Box
            order={{ base: -1, lg: 0 }}
            justifySelf="center"
            w={{ base: '160px', md: '220px', lg: '400px' }}
            css={{ '& svg': { width: '100%', height: 'auto' } }}
          >
            <DeliverIllustration size={400} />
          </Box>
        </Grid>
      </Container>
    </Box>
  );
}
