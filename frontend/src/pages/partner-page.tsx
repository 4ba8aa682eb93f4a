import { Box, Circle, Flex, Grid, Heading, Image, Link, SimpleGrid, Stack, Text, Wrap } from '@chakra-ui/react';
import {
  BadgeCheck,
  Building2,
  CakeSlice,
  Candy,
  Croissant,
  Flower,
  Flower2,
  Gem,
  Gift,
  HeartHandshake,
  Mail,
  Megaphone,
  Package,
  ShoppingBag,
  Sticker,
  Timer,
  TrendingUp,
  Users,
  type LucideIcon,
} from 'lucide-react';
import { useTranslation } from '../lib/i18n';
import { PageHead } from '../components/page-head';
import { PageIntro } from '../components/page-intro';
import { ContentSection } from '../features/content/components/content-section';
import { IconCard } from '../features/content/components/icon-card';
import { InquiryForm } from '../features/inquiry/components/inquiry-form';
import { env } from '../lib/env';

// Icons follow the order of the lists in the translations.
const HIGHLIGHT_ICONS: LucideIcon[] = [Users, TrendingUp, Megaphone];
const BENEFIT_ICONS: LucideIcon[] = [Sticker, HeartHandshake, Megaphone];
const TARGET_ICONS: LucideIcon[] = [
  Flower2,
  Gift,
  CakeSlice,
  Flower,
  Candy,
  Gem,
  Croissant,
  Package,
  ShoppingBag,
  Building2,
];

// The process reads as steps 1-3 in a row and 4-5 below (stacked on phones).
const FIRST_ROW = 3;

interface ProcessStep {
  title: string;
  text: string;
}

function ProcessRow({ steps, start }: { steps: ProcessStep[]; start: number }) {
  const { t } = useTranslation();

  return (
    <SimpleGrid
      asChild
      data-testid="partner-process-row"
      listStyleType="none"
      columns={{ base: 1, md: steps.length }}
      gap={{ base: '4', md: '6' }}
      w="full"
      maxW={{ md: steps.length === FIRST_ROW ? 'full' : '2xl' }}
      mx="auto"
    >
      <ol start={start}>
        {steps.map((step, index) => (
          <Stack
            as="li"
            key={step.title}
            data-testid="partner-process-step"
            gap="3"
            bg="bg"
            borderWidth="1px"
            borderColor="border.muted"
            rounded="2xl"
            shadow="xs"
            p={{ base: '5', md: '6' }}
          >
            {/* The circle shows the number; screen readers hear the full label instead. */}
            <Text srOnly>{t('partner.stepLabel', { number: start + index })}</Text>
            <Flex align="center" gap="3">
              <Circle
                size="10"
                bg="colorPalette.solid"
                color="colorPalette.contrast"
                fontWeight="bold"
                flexShrink={0}
                aria-hidden
              >
                {start + index}
              </Circle>
              <Heading as="h3" size="md">
                {step.title}
              </Heading>
            </Flex>
            <Text fontSize="sm" color="fg.muted" lineHeight="1.7">
              {step.text}
            </Text>
          </Stack>
        ))}
      </ol>
    </SimpleGrid>
  );
}

export function PartnerPage() {
  const { t } = useTranslation();
  const highlights = t('partner.highlights', { returnObjects: true });
  const benefits = t('partner.benefits', { returnObjects: true });
  const steps = t('partner.steps', { returnObjects: true });
  const targets = t('partner.targets', { returnObjects: true });

  return (
    <>
      <PageHead title={t('partner.title')} description={t('partner.description')} />
      <Box bgGradient="to-b" gradientFrom="colorPalette.subtle" gradientTo="bg">
        <PageIntro heading={t('partner.heading')} intro={t('partner.intro')}>
          <Wrap as="ul" listStyleType="none" gap="3">
            {[
              { icon: BadgeCheck, text: t('partner.quick.approval') },
              { icon: Timer, text: t('partner.quick.application') },
            ].map(({ icon: Icon, text }) => (
              <Flex
                as="li"
                key={text}
                align="center"
                gap="2"
                bg="bg"
                borderWidth="1px"
                borderColor="colorPalette.border"
                rounded="full"
                px="4"
                py="2"
                fontWeight="semibold"
                color="colorPalette.fg"
              >
                <Icon aria-hidden size={18} />
                {text}
              </Flex>
            ))}
          </Wrap>
        </PageIntro>
      </Box>

      <ContentSection id="partner-highlights" heading={t('partner.highlightsHeading')}>
        <SimpleGrid as="ul" listStyleType="none" columns={{ base: 1, md: 3 }} gap={{ base: '4', md: '6' }}>
          {highlights.map((item, index) => (
            <IconCard
              key={item.title}
              icon={HIGHLIGHT_ICONS[index]}
              title={item.title}
              text={item.text}
              testId="partner-highlight"
            />
          ))}
        </SimpleGrid>
      </ContentSection>

      <ContentSection id="partner-benefits" heading={t('partner.benefitsHeading')} tinted>
        <Grid templateColumns={{ base: '1fr', lg: '1fr 1.2fr' }} gap={{ base: '6', md: '10' }} alignItems="center">
          <Stack as="ul" listStyleType="none" gap="4">
            {benefits.map((item, index) => (
              <IconCard
                key={item.title}
                icon={BENEFIT_ICONS[index]}
                title={item.title}
                text={item.text}
                testId="partner-benefit"
              />
            ))}
          </Stack>
          <Box as="figure">
            <Image
              src="/media/partner-shop.svg"
              alt={t('partner.mockupAlt')}
              htmlWidth={640}
              htmlHeight={440}
              loading="lazy"
              w="full"
              h="auto"
              rounded="3xl"
              shadow="md"
            />
            <Text as="figcaption" mt="3" fontSize="sm" color="fg.muted" textAlign="center">
              {t('partner.mockupCaption')}
            </Text>
          </Box>
        </Grid>
      </ContentSection>

      <ContentSection id="partner-process" heading={t('partner.processHeading')} intro={t('partner.processIntro')}>
        <Stack gap={{ base: '4', md: '6' }}>
          <ProcessRow steps={steps.slice(0, FIRST_ROW)} start={1} />
          <ProcessRow steps={steps.slice(FIRST_ROW)} start={FIRST_ROW + 1} />
        </Stack>
      </ContentSection>

      <ContentSection id="partner-targets" heading={t('partner.targetsHeading')} tinted>
        <SimpleGrid as="ul" listStyleType="none" columns={{ base: 2, md: 3, lg: 5 }} gap={{ base: '3', md: '4' }}>
          {targets.map((item, index) => (
            <IconCard
              key={item.title}
              icon={TARGET_ICONS[index]}
              title={item.title}
              text={item.text}
              testId="partner-target"
              compact
            />
          ))}
        </SimpleGrid>
      </ContentSection>

      <ContentSection id="partner-inquiry" heading={t('partner.formHeading')} intro={t('partner.formIntro')}>
        <Box maxW="2xl">
          <InquiryForm kind="partner" />
          <Flex align="center" gap="2" mt="6" fontWeight="medium">
            <Box as="span" color="colorPalette.fg">
              <Mail aria-hidden size={18} />
            </Box>
            <Link
              href={`mailto:${env.CONTACT_EMAIL}`}
              color="colorPalette.fg"
              display="inline-flex"
              alignItems="center"
              minH="11"
              data-testid="partner-email"
            >
              {t('partner.contact', { email: env.CONTACT_EMAIL })}
            </Link>
          </Flex>
        </Box>
      </ContentSection>
    </>
  );
}
