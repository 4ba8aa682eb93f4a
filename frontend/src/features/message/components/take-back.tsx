import { Button, Flex, Stack, Text } from '@chakra-ui/react';
import { Undo2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { showToast } from '../../../components/toaster';
import { errorMessage, hasStatus } from '../../../lib/api-client';
import type { OwnerKey } from '../api/owner-keys';
import { useTakeBack } from '../api/use-take-back';
import { formatDateTime } from '../format';

interface TakeBackProps {
  qrToken: string;
  ownerKey: OwnerKey;
  /** The message is gone and the code unused again. */
  onTakenBack: () => void;
  /** The server refused for good (wrong key, window closed, message gone): the key is of no more use. */
  onKeyRefused: () => void;
}

/** The giver's way back within 24 hours, from the browser that sent the message; asks once first. */
export function TakeBack({ qrToken, ownerKey, onTakenBack, onKeyRefused }: TakeBackProps) {
  const { t, i18n } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  const takeBack = useTakeBack(qrToken);

  function handleConfirm() {
    takeBack.mutate(ownerKey.ownerKey, {
      onSuccess: () => {
        showToast({ type: 'success', title: t('message.takeBack.done') });
        onTakenBack();
      },
      onError: (error) => {
        showToast({ type: 'error', title: errorMessage(error) ?? t('message.takeBack.failed') });
        setConfirming(false);
        if (hasStatus(error, 403, 404, 409)) onKeyRefused();
      },
    });
  }

  return (
    <Stack gap="3" w="full" borderTopWidth="1px" borderColor="border.muted" pt="5" align="center">
      <Text fontSize="sm" color="fg.muted">
        {t('message.takeBack.hint', { date: formatDateTime(ownerKey.takeBackUntil, i18n.language) })}
      </Text>
      {confirming ? (
        <Stack gap="3" role="group" aria-label={t('message.takeBack.button')} align="center">
          <Text fontWeight="medium">{t('message.takeBack.confirm')}</Text>
          <Flex gap="3" wrap="wrap" justify="center">
            <Button variant="outline" rounded="full" disabled={takeBack.isPending} onClick={() => setConfirming(false)}>
              {t('message.takeBack.confirmNo')}
            </Button>
            <Button colorPalette="red" rounded="full" loading={takeBack.isPending} onClick={handleConfirm}>
              {t('message.takeBack.confirmYes')}
            </Button>
          </Flex>
        </Stack>
      ) : (
        <Button variant="outline" rounded="full" onClick={() => setConfirming(true)}>
          <Undo2 aria-hidden />
          {t('message.takeBack.button')}
        </Button>
      )}
    </Stack>
  );
}
