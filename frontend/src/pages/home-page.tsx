import { Box, Container, Stack, Text } from '@chakra-ui/react';
import { ScanQrCode } from 'lucide-react';
import { useTranslation } from '../lib/i18n';
import { PageHead } from '../components/page-head';
import { ClosingBlock } from '../features/home/components/closing-block';
import { FeatureCards } from '../features/home/components/feature-cards';
import { HomeHero } from '../features/home/components/home-hero';
import { HowItWorksSteps } from '../features/home/components/how-it-works-steps';
import { TestimonialsSection } from '../features/testimonials/components/testimonials-section';

export function HomePage() {
  const { t } = useTranslation();

  return (
    <>
      <PageHead description={t('home.description')} />
      <HomeHero />
      <Container maxW="4xl" pt={{ base: '12', md: '16' }}>
        <Stack align="center" gap="3" color="fg.muted" textAlign="center">
          <Box as="span" color="colorPalette.fg" flexShrink="0">
            <ScanQrCode aria-hidden size={28} />
          </Box>
          <Text fontSize={{ base: 'md', md: 'xl' }} fontWeight="medium" lineHeight="1.7">
            {t('home.qrLine')}
          </Text>
        </Stack>
      </Container>
      <FeatureCards />
      <HowItWorksSteps />
      <TestimonialsSection />
      <ClosingBlock />
    </>
  );
}
