import type { AdminQrCode } from './api/use-admin-qr';

/** What a sticker needs of a code. */
export type PrintableQrCode = Pick<AdminQrCode, 'id' | 'serialNumber' | 'qrToken'>;

const SELECTION_STORAGE_KEY = 'giftcast-admin-qr-selection';

/** The codes picked for printing, kept per tab so paging, filtering and the print sheet share them. */
export function readQrSelection(): PrintableQrCode[] {
  try {
    const raw = sessionStorage.getItem(SELECTION_STORAGE_KEY);
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    return Array.isArray(parsed) ? (parsed as PrintableQrCode[]) : [];
  } catch {
    return [];
  }
}

export function writeQrSelection(codes: PrintableQrCode[]): void {
  try {
    sessionStorage.setItem(SELECTION_STORAGE_KEY, JSON.stringify(codes));
  } catch {
    // Storage blocked: the selection lasts as long as the screen.
  }
}

/** /admin/qr/print?ids=a,b,c — the ids in serial order. */
export function printSheetPath(codes: PrintableQrCode[]): string {
  const ids = [...codes].sort(bySerial).map((code) => code.id);
  return `/admin/qr/print?${new URLSearchParams({ ids: ids.join(',') }).toString()}`;
}

/** Serials are zero-padded to at least four digits, so longer ones come later. */
export const bySerial = (a: { serialNumber: string }, b: { serialNumber: string }) =>
  a.serialNumber.length - b.serialNumber.length || a.serialNumber.localeCompare(b.serialNumber);
