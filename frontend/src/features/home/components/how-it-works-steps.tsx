import { Box, Container, Flex, Heading, SimpleGrid, Text } from '@chakra-ui/react';
import { useTranslation } from '../../../lib/i18n';
import { DeliverIllustration, ScanIllustration, UploadIllustration } from '../illustrations/step-illustrations';

const STEPS = [
  { id: 'scan', Illustration: ScanIllustration },
  { id: 'upload', Illustration: UploadIllustration },
  { id: 'deliver', Illustration: DeliverIllustration },
] as const;

const HEADING_ID = 'home-steps-heading';

/** The three numbered steps (01 QR scan, 02 video upload, 03 gift delivery), in order. */
export function HowItWorksSteps() {
  const { t } = useTranslation();

  return (
    <Box as="section" aria-labelledby={HEADING_ID} py={{ base: '14', md: '20' }} bg="bg.subtle">
      <Container maxW="6xl">
        <Heading
          as="h2"
          id={HEADING_ID}
          size={{ base: '2xl', md: '3xl' }}
          letterSpacing="tight"
          textAlign="center"
          mb={{ base: '8', md: '12' }}
        >
          {t('home.steps.heading')}
        </Heading>
        <SimpleGrid as="ol" listStyleType="none" columns={{ base: 1, md: 3 }} gap={{ base: '5', md: '8' }}>
          {STEPS.map(({ id, Illustration }) => (
            <Flex
              as="li"
              key={id}
              data-testid="home-step"
              direction="column"
              align="center"
              textAlign="center"
              bg="bg"
              rounded="2xl"
              borderWidth="1px"
              borderColor="border.muted"
              p={{ base: '6', md: '8' }}
              gap="3"
            >
              <Illustration size={168} />
              <Heading as="h3" size="lg">
                <Text as="span" color="colorPalette.fg" fontVariantNumeric="tabular-nums">
                  {t(`home.steps.items.${id}.number`)}
                </Text>{' '}
                {t(`home.steps.items.${id}.title`)}
              </Heading>
              <Text color="fg.muted" lineHeight="1.7">
                {t(`home.steps.items.${id}.text`)}
              </Text>
            </Flex>
          ))}
        </SimpleGrid>
      </Container>
    </Box>
  );
}
