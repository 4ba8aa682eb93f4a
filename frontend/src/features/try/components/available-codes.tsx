import { Container, EmptyState, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { QrCode } from 'lucide-react';
import { useTranslation } from '../../../lib/i18n';
import { LoadingState } from '../../../components/loading-state';
import { useAvailableCodes } from '../api/use-available-codes';
import { LiveCount } from './live-count';
import { QrCodeCard } from './qr-code-card';

/** The first cards of the list; there is no paging, the list refills as codes are used. */
export const CARDS_SHOWN = 20;
// The first row on a desktop, the first rows on a phone: the ones likely on screen soonest.
const EAGER_IMAGES = 5;

/** The live count of unused QR codes and a grid of the first of them, each downloadable. */
export function AvailableCodes() {
  const { t } = useTranslation();
  const { codes, loading } = useAvailableCodes();

  return (
    <Container maxW="6xl" pb={{ base: '16', md: '24' }}>
      <Stack gap="3" mb={{ base: '8', md: '10' }}>
        <LiveCount count={codes.length} loading={loading} />
        <Text fontSize="sm" color="fg.muted" maxW="3xl">
          {t('try.footnote')}
        </Text>
      </Stack>

      {loading ? (
        <LoadingState label={t('try.loading')} />
      ) : codes.length === 0 ? (
        <EmptyState.Root borderWidth="1px" borderStyle="dashed" borderColor="border" rounded="2xl">
          <EmptyState.Content>
            <EmptyState.Indicator color="colorPalette.fg">
              <QrCode aria-hidden />
            </EmptyState.Indicator>
            <EmptyState.Title as="h2">{t('try.empty')}</EmptyState.Title>
            <EmptyState.Description>{t('try.emptyHint')}</EmptyState.Description>
          </EmptyState.Content>
        </EmptyState.Root>
      ) : (
        <SimpleGrid
          as="ul"
          listStyleType="none"
          aria-label={t('try.listLabel')}
          columns={{ base: 2, md: 3, lg: 4, xl: 5 }}
          gap={{ base: '3', md: '5' }}
        >
          {codes.slice(0, CARDS_SHOWN).map((code, index) => (
            <li key={code.id}>
              <QrCodeCard code={code} eager={index < EAGER_IMAGES} />
            </li>
          ))}
        </SimpleGrid>
      )}
    </Container>
  );
}
