/**
 * A newsletter subscriber's states, as the backend stores them and the admin console shows them:
 * `pending` until the address confirms by the mailed link, `active` (gets the newsletter),
 * `unsubscribed`.
 */
export const SUBSCRIBER_STATUSES = ['pending', 'active', 'unsubscribed'] as const;
export type SubscriberStatus = (typeof SUBSCRIBER_STATUSES)[number];
