import { INQUIRY_LIMITS } from '@giftcast/contract/limits';
import type { TFunction } from '../../lib/i18n';
// zod/mini: this form is on public pages, so it must not pull full zod into the visitor's bundle.
import * as z from 'zod/mini';
import { emailAddress, trimmedText } from '../../lib/text-field-schema';

export function createInquirySchema(t: TFunction) {
  const L = INQUIRY_LIMITS;
  return z.object({
    name: trimmedText(L.name, {
      min: t('inquiry.validation.nameMin', L.name),
      max: t('inquiry.validation.nameMax', L.name),
    }),
    email: emailAddress(L.email, t('inquiry.validation.emailInvalid')),
    phone: trimmedText(L.phone, { max: t('inquiry.validation.phoneMax', L.phone) }),
    message: trimmedText(L.message, {
      min: t('inquiry.validation.messageMin', L.message),
      max: t('inquiry.validation.messageMax', L.message),
    }),
  });
}

export type InquiryFormValues = z.input<ReturnType<typeof createInquirySchema>>;
export type InquiryFormOutput = z.output<ReturnType<typeof createInquirySchema>>;
export type InquiryField = keyof InquiryFormValues;
