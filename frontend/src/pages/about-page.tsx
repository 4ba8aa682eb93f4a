import { Box, Circle, Flex, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { Archive, Cpu, Heart, type LucideIcon } from 'lucide-react';
import { useTranslation } from '../lib/i18n';
import { PageHead } from '../components/page-head';
import { PageIntro } from '../components/page-intro';
import { ContentSection } from '../features/content/components/content-section';
import { IconCard } from '../features/content/components/icon-card';

// Emotion, technology, memory: the order of the principles in the translations.
const PRINCIPLE_ICONS: LucideIcon[] = [Heart, Cpu, Archive];

export function AboutPage() {
  const { t } = useTranslation();
  const overview = t('about.overview', { returnObjects: true });
  const principles = t('about.principles', { returnObjects: true });
  const patentPoints = t('about.patentPoints', { returnObjects: true });

  return (
    <>
      <PageHead title={t('about.title')} description={t('about.description')} />
      <Box bgGradient="to-b" gradientFrom="colorPalette.subtle" gradientTo="bg">
        <PageIntro heading={t('about.heading')} intro={t('about.intro')} />
      </Box>

      <ContentSection id="about-overview" heading={t('about.overviewHeading')}>
        <SimpleGrid columns={{ base: 1, md: 3 }} gap={{ base: '6', md: '10' }}>
          {overview.map((block, index) => (
            <Stack
              key={block.title}
              data-testid="about-overview-block"
              gap="3"
              borderTopWidth="3px"
              borderColor="colorPalette.solid"
              pt="5"
            >
              <Text fontSize="sm" fontWeight="bold" color="colorPalette.fg" aria-hidden>
                {String(index + 1).padStart(2, '0')}
              </Text>
              <Heading as="h3" size="lg">
                {block.title}
              </Heading>
              <Text color="fg.muted" lineHeight="1.8">
                {block.text}
              </Text>
            </Stack>
          ))}
        </SimpleGrid>
      </ContentSection>

      <ContentSection id="about-principles" heading={t('about.principlesHeading')} tinted>
        <SimpleGrid as="ul" listStyleType="none" columns={{ base: 1, md: 3 }} gap={{ base: '4', md: '6' }}>
          {principles.map((principle, index) => (
            <IconCard
              key={principle.title}
              icon={PRINCIPLE_ICONS[index]}
              title={principle.title}
              text={principle.text}
              testId="about-principle"
            />
          ))}
        </SimpleGrid>
      </ContentSection>

      <ContentSection id="about-vision" heading={t('about.visionHeading')}>
        <Text
          as="blockquote"
          fontSize={{ base: 'lg', md: 'xl' }}
          lineHeight="1.9"
          maxW="4xl"
          borderStartWidth="4px"
          borderColor="colorPalette.solid"
          ps={{ base: '5', md: '8' }}
        >
          {t('about.vision')}
        </Text>
      </ContentSection>

      <ContentSection id="about-patent" heading={t('about.patentHeading')} intro={t('about.patentIntro')} tinted>
        <Stack as="ol" listStyleType="none" gap="4" maxW="4xl">
          {patentPoints.map((point, index) => (
            <Flex
              as="li"
              key={point}
              data-testid="about-patent-point"
              gap="4"
              align="flex-start"
              bg="bg"
              rounded="2xl"
              p={{ base: '4', md: '5' }}
              shadow="xs"
            >
              <Circle
                size="10"
                bg="colorPalette.solid"
                color="colorPalette.contrast"
                fontWeight="bold"
                flexShrink={0}
                aria-hidden
              >
                {index + 1}
              </Circle>
              <Text lineHeight="1.8" pt="1.5">
                {point}
              </Text>
            </Flex>
          ))}
        </Stack>
        <Text mt="6" color="fg.muted" lineHeight="1.8" maxW="4xl">
          {t('about.patentNote')}
        </Text>
      </ContentSection>
    </>
  );
}
