import { Button } from '@chakra-ui/react';
import { KeyRound } from 'lucide-react';
import { useTranslation } from '../../../lib/i18n';
import { showToast } from '../../../components/toaster';
import { errorMessage, hasStatus } from '../../../lib/api-client';
import { type TakenCode, useTakeCode } from '../api/use-take-code';
import { StatePanel, stateIconProps } from './state-panel';

interface TakeCodePanelProps {
  qrToken: string;
  onTaken: (taken: TakenCode) => void;
  /** Someone else took or used the code first: the page reads it again. */
  onStale: () => void;
}

/**
 * A code from /try, whose address anyone who saw the list knows: the giver makes it theirs (a
 * fresh, private address) before recording anything on it.
 */
export function TakeCodePanel({ qrToken, onTaken, onStale }: TakeCodePanelProps) {
  const { t } = useTranslation();
  const take = useTakeCode(qrToken);

  function handleTake() {
    take.mutate(undefined, {
      onSuccess: onTaken,
      onError: (error) => {
        showToast({ type: 'error', title: errorMessage(error) ?? t('message.take.failed') });
        if (hasStatus(error, 404, 409)) onStale();
      },
    });
  }

  return (
    <StatePanel icon={<KeyRound {...stateIconProps} />} title={t('message.take.title')} text={t('message.take.text')}>
      <Button size="lg" rounded="full" loading={take.isPending} onClick={handleTake}>
        {t('message.take.button')}
      </Button>
    </StatePanel>
  );
}
