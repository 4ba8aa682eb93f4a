import { Box, Container, Flex, Heading, Image, Stack, Text } from '@chakra-ui/react';
import { MessageCircleHeart, ShieldCheck, Smartphone, type LucideIcon } from 'lucide-react';
import { useTranslation } from '../lib/i18n';
import { PageHead } from '../components/page-head';
import { PageIntro } from '../components/page-intro';

// One icon and illustration per reason, in the order of the translations.
const REASON_ART: { icon: LucideIcon; image: string }[] = [
  { icon: MessageCircleHeart, image: '/media/why-voice.svg' },
  { icon: Smartphone, image: '/media/why-no-app.svg' },
  { icon: ShieldCheck, image: '/media/why-seven-days.svg' },
];

export function WhyPage() {
  const { t } = useTranslation();
  const reasons = t('why.reasons', { returnObjects: true });

  return (
    <>
      <PageHead title={t('why.title')} description={t('why.description')} />
      <Box bgGradient="to-b" gradientFrom="colorPalette.subtle" gradientTo="bg">
        <PageIntro heading={t('why.heading')} intro={t('why.intro')} />
      </Box>
      <Container maxW="6xl" pb={{ base: '12', md: '20' }}>
        <Stack gap={{ base: '8', md: '12' }}>
          {reasons.map((reason, index) => {
            const { icon: Icon, image } = REASON_ART[index];
            const headingId = `why-reason-${index + 1}`;
            return (
              <Flex
                as="section"
                key={reason.title}
                aria-labelledby={headingId}
                data-testid="why-reason"
                direction={{ base: 'column', md: index % 2 === 1 ? 'row-reverse' : 'row' }}
                align="center"
                gap={{ base: '6', md: '12' }}
                bg="bg"
                borderWidth="1px"
                borderColor="border.muted"
                rounded="3xl"
                shadow="xs"
                p={{ base: '5', md: '10' }}
              >
                <Stack gap="4" flex="1">
                  <Flex
                    align="center"
                    justify="center"
                    boxSize="12"
                    rounded="xl"
                    bg="colorPalette.subtle"
                    color="colorPalette.fg"
                  >
                    <Icon aria-hidden size={26} />
                  </Flex>
                  <Heading as="h2" id={headingId} size={{ base: 'xl', md: '2xl' }} letterSpacing="tight">
                    {reason.title}
                  </Heading>
                  {reason.paragraphs.map((paragraph) => (
                    <Text key={paragraph} color="fg.muted" lineHeight="1.8">
                      {paragraph}
                    </Text>
                  ))}
                </Stack>
                <Image
                  src={image}
                  alt={reason.imageAlt}
                  htmlWidth={480}
                  htmlHeight={360}
                  loading={index === 0 ? 'eager' : 'lazy'}
                  flex="1"
                  w="full"
                  maxW="480px"
                  h="auto"
                  rounded="2xl"
                />
              </Flex>
            );
          })}
        </Stack>
      </Container>
    </>
  );
}
