import { Box, Container, Flex, Heading, SimpleGrid, Text } from '@chakra-ui/react';
import { QrCode, ShieldCheck, Smartphone, UserRoundX, Video, type LucideIcon } from 'lucide-react';
import { useTranslation } from '../../../lib/i18n';

const FEATURES: { id: 'noAccount' | 'browser' | 'sameCode' | 'everyPhone' | 'privacy'; icon: LucideIcon }[] = [
  { id: 'noAccount', icon: UserRoundX },
  { id: 'browser', icon: Video },
  { id: 'sameCode', icon: QrCode },
  { id: 'everyPhone', icon: Smartphone },
  { id: 'privacy', icon: ShieldCheck },
];

const HEADING_ID = 'home-features-heading';

export function FeatureCards() {
  const { t } = useTranslation();

  return (
    <Box as="section" aria-labelledby={HEADING_ID} py={{ base: '14', md: '20' }}>
      <Container maxW="6xl">
        <Heading
          as="h2"
          id={HEADING_ID}
          size={{ base: '2xl', md: '3xl' }}
          letterSpacing="tight"
          textAlign="center"
          mb={{ base: '8', md: '12' }}
        >
          {t('home.features.heading')}
        </Heading>
        <SimpleGrid as="ul" listStyleType="none" columns={{ base: 1, sm: 2, lg: 5 }} gap={{ base: '4', md: '5' }}>
          {FEATURES.map(({ id, icon: Icon }) => (
            <Box
              as="li"
              key={id}
              data-testid="feature-card"
              borderWidth="1px"
              borderColor="border.muted"
              rounded="2xl"
              p="5"
              bg="bg"
              shadow="xs"
            >
              <Flex
                align="center"
                justify="center"
                boxSize="12"
                rounded="xl"
                bg="colorPalette.subtle"
                color="colorPalette.fg"
                mb="4"
              >
                <Icon aria-hidden size={24} />
              </Flex>
              <Heading as="h3" size="md" mb="2">
                {t(`home.features.items.${id}.title`)}
              </Heading>
              <Text fontSize="sm" color="fg.muted" lineHeight="1.7">
                {t(`home.features.items.${id}.text`)}
              </Text>
            </Box>
          ))}
        </SimpleGrid>
      </Container>
    </Box>
  );
}
