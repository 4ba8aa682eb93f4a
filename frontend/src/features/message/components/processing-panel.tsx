import { Spinner } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { StatePanel } from './state-panel';

/** A recorded code whose video is still being transcoded; the page polls until it is ready. */
export function ProcessingPanel({ children }: { children?: ReactNode }) {
  const { t } = useTranslation();

  return (
    <StatePanel
      icon={<Spinner size="lg" color="colorPalette.solid" />}
      title={t('message.processing.title')}
      text={t('message.processing.text')}
    >
      {children}
    </StatePanel>
  );
}
