import { api, dataOf } from '../../../lib/api-client';
import { DOWNLOAD_IMAGE_SIZE, qrFileName, qrImageUrl, type AvailableQrCode } from './qr-code';

// Long enough for every browser to have started writing the file before the blob goes away.
const REVOKE_AFTER_MS = 10_000;

function saveBlob(blob: Blob, fileName: string): void {
  const objectUrl = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = objectUrl;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(objectUrl), REVOKE_AFTER_MS);
}

/**
 * Takes a listed code: the same code under a fresh token nobody else has seen, while the listed
 * token is retired and the code leaves the list for everyone.
 */
export function takeQrCode(qrToken: string): Promise<AvailableQrCode> {
  return dataOf(api.POST('/api/qr/{qrToken}/take', { params: { path: { qrToken } } }));
}

/**
 * Saves the 300 px QR image as `giftcast-qr-<serial>.png`. When it cannot be fetched, the image
 * opens in a new tab instead, where it can still be saved or printed by hand.
 */
export async function downloadQrImage({ qrToken, serialNumber }: Pick<AvailableQrCode, 'qrToken' | 'serialNumber'>) {
  try {
    const image = await dataOf(
      api.GET('/api/qr/{qrToken}/image.png', {
        params: { path: { qrToken }, query: { size: DOWNLOAD_IMAGE_SIZE } },
        parseAs: 'blob',
      }),
    );
    saveBlob(image, qrFileName(serialNumber));
  } catch {
    window.open(qrImageUrl(qrToken, DOWNLOAD_IMAGE_SIZE), '_blank', 'noopener');
  }
}
