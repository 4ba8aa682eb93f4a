import type { TFunction } from 'i18next';
// zod/mini: this form is on public pages, so it must not pull full zod into the visitor's bundle.
import * as z from 'zod/mini';
import { trimmedText } from '../../lib/text-field-schema';

export type InquiryKind = 'partner' | 'contact';

/** Spec section 5, with the same numbers the backend's CreateInquiryDto checks. */
export const INQUIRY_LIMITS = {
  name: { min: 2, max: 100 },
  email: { max: 254 },
  phone: { max: 30 },
  message: { min: 10, max: 5000 },
} as const;

export function createInquirySchema(t: TFunction) {
  const L = INQUIRY_LIMITS;
  const emailInvalid = t('inquiry.validation.emailInvalid');
  return z.object({
    name: trimmedText(L.name, { min: t('inquiry.validation.nameMin'), max: t('inquiry.validation.nameMax') }),
    email: trimmedText(L.email, { max: emailInvalid }, z.email(emailInvalid)),
    phone: trimmedText(L.phone, { max: t('inquiry.validation.phoneMax') }),
    message: trimmedText(L.message, {
      min: t('inquiry.validation.messageMin'),
      max: t('inquiry.validation.messageMax'),
    }),
  });
}

export type InquiryFormValues = z.input<ReturnType<typeof createInquirySchema>>;
export type InquiryFormOutput = z.output<ReturnType<typeof createInquirySchema>>;
export type InquiryField = keyof InquiryFormValues;

export const emptyInquiryValues: InquiryFormValues = { name: '', email: '', phone: '', message: '' };

/** The body of POST /api/partner and /api/contact; no submissionType, the route sets it. */
export interface InquiryInput {
  name: string;
  email: string;
  phone?: string;
  message: string;
}

export function formValuesToInput({ name, email, phone, message }: InquiryFormOutput): InquiryInput {
  // An empty phone is left out, as the spec's payload lists it as optional.
  return phone === '' ? { name, email, message } : { name, email, phone, message };
}
