/**
 * The contact details the web build writes into its pages. The backend replaces them with its
 * CONTACT_EMAIL and CONTACT_PHONE in every page it serves, and states them on `<html>` for the app
 * (data-contact-email, data-contact-phone), so one build serves every operator.
 */
export const BUILT_CONTACT = { email: 'hello@giftcast.example', phone: '+82-2-0000-0000' } as const;

/** A phone number as a `tel:` link carries it: digits and the leading plus. */
export function telOf(phone: string): string {
  return phone.replace(/[^\d+]/g, '');
}
