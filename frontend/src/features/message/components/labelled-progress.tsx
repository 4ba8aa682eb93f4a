import { Flex, Progress, Text } from '@chakra-ui/react';
import { useTranslation } from '../../../lib/i18n';

/**
 * A large bar named `label` with its percentage beside the name (the upload's, the shrink's);
 * `percentTestId` names the percentage for the tests that follow it.
 */
export function LabelledProgress({
  label,
  percent,
  percentTestId,
}: {
  label: string;
  percent: number;
  percentTestId: string;
}) {
  const { t } = useTranslation();
  return (
    <Progress.Root value={percent} max={100} size="lg" colorPalette="rose" aria-label={label}>
      <Flex justify="space-between" mb="2" fontSize="sm">
        <Progress.Label>{label}</Progress.Label>
        <Text fontWeight="semibold" fontVariantNumeric="tabular-nums" data-testid={percentTestId}>
          {t('message.upload.percent', { percent })}
        </Text>
      </Flex>
      <Progress.Track rounded="full">
        <Progress.Range />
      </Progress.Track>
    </Progress.Root>
  );
}
