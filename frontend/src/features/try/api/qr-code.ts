import type { ApiSchemas } from '../../../lib/api-client';

/** An unused QR code as the /try list and its live stream send it. */
export type AvailableQrCode = ApiSchemas['AvailableQrCode'];

/** Card images are drawn at 200 px; downloads at 300 px, sharp enough to print. */
export const CARD_IMAGE_SIZE = 200;
export const DOWNLOAD_IMAGE_SIZE = 300;
export type QrImageSize = typeof CARD_IMAGE_SIZE | typeof DOWNLOAD_IMAGE_SIZE;

/** The server-drawn PNG of the code's verification link. */
export function qrImageUrl(qrToken: string, size: QrImageSize): string {
  return `/api/qr/${encodeURIComponent(qrToken)}/image.png?size=${size}`;
}

export function qrFileName(serialNumber: string): string {
  return `giftcast-qr-${serialNumber}.png`;
}
