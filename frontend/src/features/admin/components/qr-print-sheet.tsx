import { Box, Button, chakra, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import { ArrowLeft, Printer } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { Link, useSearchParams } from 'react-router-dom';
import { LoadingState } from '../../../components/loading-state';
import { useQrCodesByIds } from '../api/use-admin-qr';
import { bySerial, readQrSelection, type PrintableQrCode } from '../qr-selection';
import { useExpireOnUnauthorized } from '../use-expire-on-unauthorized';

// Printed: only the sheet, on A4, the site's and the console's chrome left out.
const PRINT_CSS = `
@media print {
  @page { size: A4; margin: 10mm; }
  header, footer, [data-print-hide] { display: none !important; }
  main { padding: 0 !important; }
  [data-print-sheet] { grid-template-columns: repeat(4, 1fr) !important; gap: 6mm !important; }
  [data-print-sheet] figure { break-inside: avoid; }
}
`;

interface QrPrintSheetProps {
  token: string;
  onSessionExpired: () => void;
}

/** /admin/qr/print?ids=…: the selected codes as stickers, each QR image with its serial under it. */
export function QrPrintSheet({ token, onSessionExpired }: QrPrintSheetProps) {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const ids = useMemo(() => (searchParams.get('ids') ?? '').split(',').filter((id) => id !== ''), [searchParams]);
  // The selection usually knows every code; one opened from elsewhere is looked up.
  const [selection] = useState(readQrSelection);
  const known = selection.filter((code) => ids.includes(code.id));
  const missing = ids.filter((id) => !known.some((code) => code.id === id));
  const lookup = useQrCodesByIds(token, missing, missing.length > 0);
  useExpireOnUnauthorized(lookup.error, onSessionExpired);

  const codes: PrintableQrCode[] = [...known, ...(lookup.data ?? [])].sort(bySerial);

  return (
    <Stack gap="6">
      <style>{PRINT_CSS}</style>
      <Flex
        data-print-hide
        gap="4"
        justify="space-between"
        align={{ base: 'stretch', md: 'center' }}
        direction={{ base: 'column', md: 'row' }}
      >
        <Stack gap="1">
          <Heading as="h1" size="2xl">
            {t('admin.qr.print.title')}
          </Heading>
          <Text color="fg.muted">{t('admin.qr.print.count', { count: codes.length })}</Text>
        </Stack>
        <Flex gap="2" wrap="wrap">
          <Button asChild variant="outline">
            <Link to="/admin/qr">
              <ArrowLeft aria-hidden />
              {t('admin.qr.print.back')}
            </Link>
          </Button>
          <Button onClick={() => window.print()} disabled={codes.length === 0}>
            <Printer aria-hidden />
            {t('admin.qr.print.print')}
          </Button>
        </Flex>
      </Flex>

      {missing.length > 0 && lookup.isLoading ? (
        <LoadingState label={t('admin.qr.loading')} />
      ) : codes.length === 0 ? (
        <Text data-print-hide color="fg.muted">
          {t('admin.qr.print.empty')}
        </Text>
      ) : (
        <Box
          as="ul"
          listStyleType="none"
          data-print-sheet
          display="grid"
          gridTemplateColumns={{ base: 'repeat(2, 1fr)', md: 'repeat(4, 1fr)' }}
          gap="4"
          aria-label={t('admin.qr.print.sheetLabel')}
        >
          {codes.map((code) => (
            <li key={code.id}>
              <chakra.figure
                display="flex"
                flexDirection="column"
                alignItems="center"
                gap="1"
                borderWidth="1px"
                borderStyle="dashed"
                borderRadius="md"
                p="3"
                data-testid="qr-sticker"
              >
                <chakra.img
                  src={`/api/qr/${encodeURIComponent(code.qrToken)}/image.png?size=300`}
                  alt={t('admin.qr.print.imageAlt', { serial: code.serialNumber })}
                  width="300"
                  height="300"
                  w="100%"
                  h="auto"
                  maxW="45mm"
                />
                <chakra.figcaption fontWeight="bold" fontVariantNumeric="tabular-nums" textStyle="lg">
                  #{code.serialNumber}
                </chakra.figcaption>
              </chakra.figure>
            </li>
          ))}
        </Box>
      )}
    </Stack>
  );
}
