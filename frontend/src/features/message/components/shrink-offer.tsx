import { Alert, Button, Stack, Text } from '@chakra-ui/react';
import { Minimize2, X } from 'lucide-react';
import { useTranslation } from '../../../lib/i18n';
import { env } from '../../../lib/env';
import { MAX_RECORDING_MS } from '../api/message';
import { formatMegabytes } from '../format';
import type { ShrinkState } from '../shrink/use-shrink-offer';
import { LabelledProgress } from './labelled-progress';

interface ShrinkOfferProps {
  state: ShrinkState;
  onShrink: () => void;
  onCancel: () => void;
}

/** Why a picked video should be smaller, the offer to shrink it here, its progress and its outcome. */
export function ShrinkOffer({ state, onShrink, onCancel }: ShrinkOfferProps) {
  const { t } = useTranslation();
  const limit = formatMegabytes(env.VIDEO_MAX_BYTES);
  const max = t('message.minutes', { minutes: MAX_RECORDING_MS / 60_000 });

  if (state.status === 'checking') {
    return (
      <Text fontSize="sm" color="fg.muted" textAlign="center" role="status">
        {t('message.shrink.checking')}
      </Text>
    );
  }
  if (state.status === 'none') return null;

  const { plan } = state;
  if (state.status === 'shrunk') {
    return (
      <Alert.Root status="success" rounded="xl" role="status">
        <Alert.Indicator />
        <Alert.Title>{t('message.shrink.done', { size: formatMegabytes(state.result.video.size) })}</Alert.Title>
      </Alert.Root>
    );
  }

  if (state.status === 'shrinking') {
    const percent = Math.round(state.progress * 100);
    return (
      <Stack gap="3">
        <LabelledProgress label={t('message.shrink.progressLabel')} percent={percent} percentTestId="shrink-percent" />
        <Button variant="outline" rounded="full" size="lg" alignSelf="center" onClick={onCancel}>
          <X aria-hidden />
          {t('message.shrink.cancel')}
        </Button>
      </Stack>
    );
  }

  const reasons = plan.reasons.map((reason) => t(`message.shrink.reasons.${reason}`, { limit, max })).join(' ');
  const possible = state.status === 'offer' && state.canShrink;
  if (!possible) {
    // Nothing to offer: a file within the limits still goes as it is.
    if (!plan.required) return null;
    return (
      <Alert.Root status="warning" rounded="xl" role="alert">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>{reasons}</Alert.Title>
          <Alert.Description>
            {state.status === 'failed' ? t('message.shrink.failed') : t('message.shrink.unsupported', { limit, max })}
          </Alert.Description>
        </Alert.Content>
      </Alert.Root>
    );
  }

  return (
    <Alert.Root status={plan.required ? 'warning' : 'info'} rounded="xl" role={plan.required ? 'alert' : 'status'}>
      <Alert.Indicator />
      <Alert.Content gap="3">
        <Alert.Title>{plan.required ? t('message.shrink.required') : t('message.shrink.optional')}</Alert.Title>
        <Alert.Description>
          {reasons} {t('message.shrink.text')}
          {plan.trimTo !== null && ` ${t('message.shrink.trim', { max })}`}
        </Alert.Description>
        <Button rounded="full" alignSelf="start" colorPalette="rose" onClick={onShrink}>
          <Minimize2 aria-hidden />
          {plan.trimTo === null ? t('message.shrink.button') : t('message.shrink.buttonTrim', { max })}
        </Button>
      </Alert.Content>
    </Alert.Root>
  );
}
