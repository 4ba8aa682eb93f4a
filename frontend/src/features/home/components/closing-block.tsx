import { Box, Button, Container, Heading, Stack, Text } from '@chakra-ui/react';
import { QrCode } from 'lucide-react';
import { useTranslation } from '../../../lib/i18n';
import { PageLink } from '../../../components/page-link';

const HEADING_ID = 'home-closing-heading';

/** The last word: come back to rewatch a message, or to start the next gift. */
export function ClosingBlock() {
  const { t } = useTranslation();

  return (
    <Box as="section" aria-labelledby={HEADING_ID} py={{ base: '14', md: '20' }}>
      <Container maxW="4xl">
        <Stack
          align="center"
          textAlign="center"
          gap="5"
          bg="colorPalette.solid"
          color="colorPalette.contrast"
          rounded="3xl"
          px={{ base: '6', md: '12' }}
          py={{ base: '10', md: '14' }}
        >
          <Heading as="h2" id={HEADING_ID} size={{ base: '2xl', md: '3xl' }} letterSpacing="tight">
            {t('home.closing.heading')}
          </Heading>
          <Text fontSize={{ base: 'md', md: 'lg' }} lineHeight="1.8" maxW="2xl">
            {t('home.closing.text')}
          </Text>
          <Button
            asChild
            size="lg"
            h="12"
            rounded="full"
            bg="white"
            color="colorPalette.fg"
            _hover={{ bg: 'colorPalette.subtle' }}
          >
            <PageLink to="/try">
              <QrCode aria-hidden />
              {t('home.closing.cta')}
            </PageLink>
          </Button>
        </Stack>
      </Container>
    </Box>
  );
}
