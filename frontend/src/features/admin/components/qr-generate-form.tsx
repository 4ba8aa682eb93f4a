import { Box, Button, chakra, Field, Fieldset, Flex, Input, Stack, Text } from '@chakra-ui/react';
import { QR_GENERATE_LIMITS } from '@giftcast/contract/limits';
import { zodResolver } from '@hookform/resolvers/zod';
import { Plus } from 'lucide-react';
import { useId, useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../../lib/i18n';
import { showToast } from '../../../components/toaster';
import { errorMessage } from '../../../lib/api-client';
import { QR_POOLS, useGenerateQrCodes } from '../api/use-admin-qr';
import { createQrGenerateSchema, type QrGenerateOutput, type QrGenerateValues } from '../qr-generate-schema';
import { reportFailure } from '../report-failure';
import type { AdminSectionProps } from './admin-console-shell';

/**
 * Creates the next N codes of one pool; their serials continue after the highest one ever issued.
 * Print is chosen unless the admin picks /try: a sticker's code must never be offered there.
 */
export function QrGenerateForm({ token, onSessionExpired }: AdminSectionProps) {
  const { t } = useTranslation();
  const generate = useGenerateQrCodes(token);
  const schema = useMemo(() => createQrGenerateSchema(t), [t]);
  const hintId = useId();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<QrGenerateValues, unknown, QrGenerateOutput>({
    resolver: zodResolver(schema),
    defaultValues: { count: '10', pool: 'print' },
  });

  const onSubmit = handleSubmit((request) => {
    generate.mutate(request, {
      onSuccess: ({ items }) => {
        const first = items[0]?.serialNumber ?? '';
        const last = items[items.length - 1]?.serialNumber ?? '';
        showToast({
          type: 'success',
          title: t('admin.qr.generate.done', { count: items.length }),
          description: t('admin.qr.generate.range', { first, last, pool: t(`admin.qr.pool.${request.pool}`) }),
        });
      },
      onError: (error) =>
        reportFailure(error, onSessionExpired, {
          title: t('admin.qr.generate.failed'),
          description: errorMessage(error) ?? t('admin.tryAgain'),
        }),
    });
  });

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label={t('admin.qr.generate.heading')}>
      <Fieldset.Root mb="4">
        <Fieldset.Legend>{t('admin.qr.generate.pool')}</Fieldset.Legend>
        <Stack direction={{ base: 'column', md: 'row' }} gap={{ base: '2', md: '6' }}>
          {QR_POOLS.map((pool) => (
            <Box key={pool} flex="1">
              {/* The hint stays outside the label, so that the radio's name is the pool's alone. */}
              <chakra.label display="flex" gap="3" alignItems="center" minH="11" cursor="pointer">
                <chakra.input
                  type="radio"
                  value={pool}
                  boxSize="5"
                  accentColor="colorPalette.solid"
                  aria-describedby={`${hintId}-${pool}`}
                  {...register('pool')}
                />
                <Text as="span" fontWeight="medium">
                  {t(`admin.qr.pool.${pool}`)}
                </Text>
              </chakra.label>
              <Text id={`${hintId}-${pool}`} textStyle="sm" color="fg.muted" ps="8">
                {t(`admin.qr.generate.poolHint.${pool}`)}
              </Text>
            </Box>
          ))}
        </Stack>
      </Fieldset.Root>
      <Flex gap="3" align={{ base: 'stretch', sm: 'flex-end' }} direction={{ base: 'column', sm: 'row' }}>
        <Field.Root invalid={!!errors.count} maxW={{ sm: '15rem' }}>
          <Field.Label>{t('admin.qr.generate.count')}</Field.Label>
          <Input
            type="number"
            inputMode="numeric"
            min={QR_GENERATE_LIMITS.count.min}
            max={QR_GENERATE_LIMITS.count.max}
            {...register('count')}
          />
          <Field.ErrorText>{errors.count?.message}</Field.ErrorText>
        </Field.Root>
        <Button type="submit" loading={generate.isPending} loadingText={t('admin.qr.generate.generating')}>
          <Plus aria-hidden />
          {t('admin.qr.generate.submit')}
        </Button>
      </Flex>
    </form>
  );
}
