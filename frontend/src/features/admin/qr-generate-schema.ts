import type { TFunction } from 'i18next';
import { z } from 'zod';

/** How many codes one request may create, as backend/src/qr/dto/admin-qr.dto.ts allows. */
export const QR_GENERATE_LIMITS = { min: 1, max: 1000 } as const;

export function createQrGenerateSchema(t: TFunction) {
  const message = t('admin.qr.generate.countInvalid', QR_GENERATE_LIMITS);
  return z.object({
    count: z
      .string()
      .trim()
      .regex(/^\d+$/, message)
      .transform(Number)
      .refine((n) => n >= QR_GENERATE_LIMITS.min && n <= QR_GENERATE_LIMITS.max, message),
  });
}

export type QrGenerateValues = z.input<ReturnType<typeof createQrGenerateSchema>>;
export type QrGenerateOutput = z.output<ReturnType<typeof createQrGenerateSchema>>;
