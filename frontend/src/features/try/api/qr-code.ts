/** An unused QR code as the /try list and its live stream send it. */
export interface AvailableQrCode {
  id: string;
  serialNumber: string;
  qrToken: string;
  status: string;
}

/** Card images are drawn at 200 px; downloads at 300 px, sharp enough to print. */
export const CARD_IMAGE_SIZE = 200;
export const DOWNLOAD_IMAGE_SIZE = 300;

/** The server-drawn PNG of the code's verification link. */
export function qrImageUrl(qrToken: string, size: typeof CARD_IMAGE_SIZE | typeof DOWNLOAD_IMAGE_SIZE): string {
  return `/api/qr/${encodeURIComponent(qrToken)}/image.png?size=${size}`;
}

export function qrFileName(serialNumber: string): string {
  return `giftcast-qr-${serialNumber}.png`;
}
