import { Button, Flex, Image, Text } from '@chakra-ui/react';
import { Check, Copy, Download, QrCode } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { showToast } from '../../../components/toaster';
import { StatePanel, stateIconProps } from './state-panel';

/** The spec's copy indicator. */
const COPIED_MS = 2000;
const IMAGE_SIZE = 200;
const DOWNLOAD_SIZE = 300;

interface YourCodePanelProps {
  qrToken: string;
  serialNumber: string;
}

/** Right after taking a code from /try: its new QR and link, the only ones to share from now on. */
export function YourCodePanel({ qrToken, serialNumber }: YourCodePanelProps) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  const link = `${window.location.origin}/v/${qrToken}`;
  const image = (size: number) => `/api/qr/${encodeURIComponent(qrToken)}/image.png?size=${size}`;

  async function handleCopy() {
    try {
      await navigator.clipboard.writeText(link);
      showToast({ type: 'success', title: t('message.yourCode.copied') });
      setCopied(true);
      setTimeout(() => setCopied(false), COPIED_MS);
    } catch {
      showToast({ type: 'error', title: t('message.yourCode.copyFailed') });
    }
  }

  return (
    <StatePanel
      tone="success"
      icon={<QrCode {...stateIconProps} />}
      title={t('message.yourCode.title')}
      text={t('message.yourCode.text')}
    >
      <Image
        src={image(IMAGE_SIZE)}
        alt={t('message.yourCode.imageAlt', { serial: serialNumber })}
        htmlWidth={IMAGE_SIZE}
        htmlHeight={IMAGE_SIZE}
        w="full"
        maxW={`${IMAGE_SIZE}px`}
        aspectRatio="1"
        bg="white"
        rounded="md"
      />
      <Text data-testid="your-code-link" fontSize="sm" wordBreak="break-all" color="fg.muted">
        {link}
      </Text>
      <Flex gap="3" wrap="wrap" justify="center">
        <Button rounded="full" onClick={() => void handleCopy()}>
          {copied ? <Check aria-hidden /> : <Copy aria-hidden />}
          {t('message.yourCode.copy')}
        </Button>
        <Button asChild variant="outline" rounded="full">
          <a href={image(DOWNLOAD_SIZE)} download={`giftcast-qr-${serialNumber}.png`}>
            <Download aria-hidden />
            {t('message.yourCode.download')}
          </a>
        </Button>
      </Flex>
    </StatePanel>
  );
}
