import { Button, Field, Flex, Input } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { Plus } from 'lucide-react';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../../lib/i18n';
import { showToast } from '../../../components/toaster';
import { errorMessage } from '../../../lib/api-client';
import { isUnauthorized } from '../api/admin-request';
import { useGenerateQrCodes } from '../api/use-admin-qr';
import {
  createQrGenerateSchema,
  QR_GENERATE_LIMITS,
  type QrGenerateOutput,
  type QrGenerateValues,
} from '../qr-generate-schema';

interface QrGenerateFormProps {
  token: string;
  onSessionExpired: () => void;
}

/** Creates the next N codes; their serials continue after the highest one ever issued. */
export function QrGenerateForm({ token, onSessionExpired }: QrGenerateFormProps) {
  const { t } = useTranslation();
  const generate = useGenerateQrCodes(token);
  const schema = useMemo(() => createQrGenerateSchema(t), [t]);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<QrGenerateValues, unknown, QrGenerateOutput>({
    resolver: zodResolver(schema),
    defaultValues: { count: '10' },
  });

  const onSubmit = handleSubmit(({ count }) => {
    generate.mutate(count, {
      onSuccess: ({ items }) => {
        const first = items[0]?.serialNumber ?? '';
        const last = items[items.length - 1]?.serialNumber ?? '';
        showToast({
          type: 'success',
          title: t('admin.qr.generate.done', { count: items.length }),
          description: t('admin.qr.generate.range', { first, last }),
        });
      },
      onError: (error) => {
        if (isUnauthorized(error)) {
          onSessionExpired();
          return;
        }
        showToast({
          type: 'error',
          title: t('admin.qr.generate.failed'),
          description: errorMessage(error) ?? t('admin.tryAgain'),
        });
      },
    });
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label={t('admin.qr.generate.heading')}>
      <Flex gap="3" align={{ base: 'stretch', sm: 'flex-end' }} direction={{ base: 'column', sm: 'row' }}>
        <Field.Root invalid={!!errors.count} maxW={{ sm: '15rem' }}>
          <Field.Label>{t('admin.qr.generate.count')}</Field.Label>
          <Input
            type="number"
            inputMode="numeric"
            min={QR_GENERATE_LIMITS.min}
            max={QR_GENERATE_LIMITS.max}
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
