import type { ApiSchemas } from '../../lib/api-client';
import type { InquiryFormOutput, InquiryFormValues } from './inquiry-schema';

export type InquiryKind = 'partner' | 'contact';

export const emptyInquiryValues: InquiryFormValues = { name: '', email: '', phone: '', message: '' };

/** The body of POST /api/partner and /api/contact; no submissionType, the route sets it. */
export type InquiryInput = Omit<ApiSchemas['CreateInquiryDto'], 'submissionType'>;

export function formValuesToInput({ name, email, phone, message }: InquiryFormOutput): InquiryInput {
  // An empty phone is left out, as the spec's payload lists it as optional.
  return phone === '' ? { name, email, message } : { name, email, phone, message };
}
