import { Badge, Button, Card, Image, Text } from '@chakra-ui/react';
import { Download } from 'lucide-react';
import { memo, useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { showToast } from '../../../components/toaster';
import { errorMessage } from '../../../lib/api-client';
import { downloadQrImage, takeQrCode } from '../api/download-qr-image';
import { CARD_IMAGE_SIZE, qrImageUrl, type AvailableQrCode } from '../api/qr-code';

interface QrCodeCardProps {
  code: AvailableQrCode;
  /** Cards near the top load their image at once; the rest when scrolled near. */
  eager: boolean;
}

/**
 * One code's card. Memoised: the live list's snapshots keep an unchanged code the same object
 * (the query cache's structural sharing), so a snapshot, the first one after the page starts
 * included, renders again only the cards whose code changed.
 */
export const QrCodeCard = memo(function QrCodeCard({ code, eager }: QrCodeCardProps) {
  const { t } = useTranslation();
  const [downloading, setDownloading] = useState(false);
  const serial = code.serialNumber;

  /** The download is of the code taken: a fresh link of the visitor's own, never the listed one. */
  async function handleDownload() {
    setDownloading(true);
    try {
      const taken = await takeQrCode(code.qrToken).catch((error: unknown) => {
        showToast({ type: 'error', title: errorMessage(error) ?? t('try.takeFailed') });
        return null;
      });
      if (!taken) return;
      await downloadQrImage(taken);
      showToast({ type: 'success', title: t('try.taken', { serial }) });
    } finally {
      setDownloading(false);
    }
  }

  return (
    <Card.Root variant="outline" h="full" rounded="xl" overflow="hidden">
      <Card.Body p={{ base: '3', md: '4' }} gap="3" alignItems="center">
        {/* width and height reserve the square before the image arrives: no layout shift. */}
        <Image
          src={qrImageUrl(code.qrToken, CARD_IMAGE_SIZE)}
          alt={t('try.imageAlt', { serial })}
          htmlWidth={CARD_IMAGE_SIZE}
          htmlHeight={CARD_IMAGE_SIZE}
          loading={eager ? 'eager' : 'lazy'}
          decoding="async"
          w="full"
          maxW={`${CARD_IMAGE_SIZE}px`}
          h="auto"
          aspectRatio="1"
          bg="white"
          rounded="md"
        />
        <Text fontWeight="bold" fontSize="lg" fontVariantNumeric="tabular-nums" lineHeight="1.2">
          {t('try.serial', { serial })}
        </Text>
        <Badge colorPalette="green" variant="subtle" size="md" rounded="full">
          {t('try.available')}
        </Badge>
      </Card.Body>
      <Card.Footer px={{ base: '3', md: '4' }} pb={{ base: '3', md: '4' }}>
        <Button
          variant="outline"
          w="full"
          h="11"
          rounded="full"
          aria-label={t('try.downloadLabel', { serial })}
          loading={downloading}
          onClick={() => void handleDownload()}
        >
          <Download aria-hidden />
          {t('try.download')}
        </Button>
      </Card.Footer>
    </Card.Root>
  );
});
