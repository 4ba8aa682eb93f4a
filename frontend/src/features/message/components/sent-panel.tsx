import { Button, Text } from '@chakra-ui/react';
import { PartyPopper } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../lib/i18n';
import type { Message } from '../api/message';
import { formatDateTime } from '../format';
import { StatePanel, stateIconProps } from './state-panel';

interface SentPanelProps {
  message: Message;
  onView: () => void;
  /** The take-back option, while this browser holds the key. */
  children?: ReactNode;
}

/** Right after a successful upload: what happens next and until when. */
export function SentPanel({ message, onView, children }: SentPanelProps) {
  const { t, i18n } = useTranslation();

  return (
    <StatePanel
      tone="success"
      icon={<PartyPopper {...stateIconProps} />}
      title={t('message.sent.title')}
      text={t('message.sent.text')}
    >
      <Text fontWeight="semibold">
        {t('message.sent.keepUntil', { date: formatDateTime(message.expiresAt, i18n.language) })}
      </Text>
      <Button variant="outline" rounded="full" onClick={onView}>
        {t('message.sent.view')}
      </Button>
      {children}
    </StatePanel>
  );
}
