import { Badge, Box, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { CircleCheck } from 'lucide-react';
import { useTranslation } from '../lib/i18n';
import { PageHead } from '../components/page-head';
import { PageIntro } from '../components/page-intro';
import { ContentSection } from '../features/content/components/content-section';
import { GuideVideos } from '../features/content/components/guide-videos';

export function HowPage() {
  const { t } = useTranslation();
  const steps = t('how.steps', { returnObjects: true });

  return (
    <>
      <PageHead title={t('how.title')} description={t('how.description')} />
      <Box bgGradient="to-b" gradientFrom="colorPalette.subtle" gradientTo="bg">
        <PageIntro heading={t('how.heading')} intro={t('how.intro')} />
      </Box>

      <ContentSection id="how-videos" heading={t('how.videosHeading')}>
        <GuideVideos />
      </ContentSection>

      <ContentSection id="how-steps" heading={t('how.stepsHeading')} tinted>
        <SimpleGrid as="ol" listStyleType="none" columns={{ base: 1, md: 3 }} gap={{ base: '4', md: '6' }}>
          {steps.map((step, index) => (
            <Stack
              as="li"
              key={step.title}
              data-testid="how-step"
              gap="4"
              bg="bg"
              rounded="2xl"
              borderWidth="1px"
              borderColor="border.muted"
              shadow="xs"
              p={{ base: '5', md: '6' }}
            >
              <Badge alignSelf="flex-start" rounded="full" px="3" py="1" variant="solid">
                {t('how.stepLabel', { number: index + 1 })}
              </Badge>
              <Heading as="h3" size="lg">
                {step.title}
              </Heading>
              <Text color="fg.muted" lineHeight="1.8">
                {step.description}
              </Text>
              <Stack as="ul" listStyleType="none" gap="2.5">
                {step.bullets.map((bullet) => (
                  <Box
                    as="li"
                    key={bullet}
                    display="flex"
                    gap="2"
                    alignItems="flex-start"
                    fontSize="sm"
                    lineHeight="1.7"
                  >
                    <Box as="span" color="colorPalette.fg" pt="0.5" flexShrink={0}>
                      <CircleCheck aria-hidden size={18} />
                    </Box>
                    {bullet}
                  </Box>
                ))}
              </Stack>
            </Stack>
          ))}
        </SimpleGrid>
      </ContentSection>
    </>
  );
}
