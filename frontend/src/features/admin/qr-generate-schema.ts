import { QR_GENERATE_LIMITS } from '@giftcast/contract/limits';
import type { TFunction } from '../../lib/i18n';
import * as z from 'zod/mini';
import { QR_POOLS } from './api/use-admin-qr';

export function createQrGenerateSchema(t: TFunction) {
  const { min, max } = QR_GENERATE_LIMITS.count;
  const message = t('admin.qr.generate.countInvalid', { min, max });
  return z.object({
    count: z
      .pipe(z.string().check(z.trim(), z.regex(/^\d+$/, message)), z.transform(Number))
      .check(z.refine((n) => n >= min && n <= max, message)),
    pool: z.enum(QR_POOLS),
  });
}

export type QrGenerateValues = z.input<ReturnType<typeof createQrGenerateSchema>>;
export type QrGenerateOutput = z.output<ReturnType<typeof createQrGenerateSchema>>;
