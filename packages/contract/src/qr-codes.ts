/** A QR code's states, as the backend stores them and the web app shows and filters them. */
export const QR_STATUSES = ['unused', 'recorded', 'expired', 'disabled'] as const;
export type QrStatus = (typeof QR_STATUSES)[number];

/**
 * Who a code is for: `try` codes are offered to anyone on /try; `print` codes become stickers that
 * are sold, so they must never be offered there. Chosen when the code is generated.
 */
export const QR_POOLS = ['try', 'print'] as const;
export type QrPool = (typeof QR_POOLS)[number];
