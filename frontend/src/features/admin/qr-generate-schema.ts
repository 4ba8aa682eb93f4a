import type { TFunction } from '../../lib/i18n';
import * as z from 'zod/mini';
import { QR_POOLS } from './api/use-admin-qr';

/** How many codes one request may create, as backend/src/qr/dto/admin-qr.dto.ts allows. */
export const QR_GENERATE_LIMITS = { min: 1, max: 1000 } as const;

export function createQrGenerateSchema(t: TFunction) {
  const message = t('admin.qr.generate.countInvalid', QR_GENERATE_LIMITS);
  return z.object({
    count: z
      .pipe(z.string().check(z.trim(), z.regex(/^\d+$/, message)), z.transform(Number))
      .check(z.refine((n) => n >= QR_GENERATE_LIMITS.min && n <= QR_GENERATE_LIMITS.max, message)),
    pool: z.enum(QR_POOLS),
  });
}

export type QrGenerateValues = z.input<ReturnType<typeof createQrGenerateSchema>>;
export type QrGenerateOutput = z.output<ReturnType<typeof createQrGenerateSchema>>;
