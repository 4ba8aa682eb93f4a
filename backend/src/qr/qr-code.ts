export const QR_STATUSES = ['unused', 'recorded', 'expired', 'disabled'] as const;
export type QrStatus = (typeof QR_STATUSES)[number];

/** Statuses an admin may set; `recorded` and `expired` belong to the video lifecycle. */
export const ADMIN_SETTABLE_STATUSES = ['unused', 'disabled'] as const satisfies readonly QrStatus[];

export interface QrCode {
  id: string;
  /** Zero-padded to at least four digits: "0500", "9999", "10000". */
  serialNumber: string;
  qrToken: string;
  status: QrStatus;
  createdAt: Date;
  updatedAt: Date;
}

/** What /try and its stream publish of a code. */
export interface AvailableQrCode {
  id: string;
  serialNumber: string;
  qrToken: string;
  status: QrStatus;
}

export const SERIAL_DIGITS = 4;

export function formatSerial(value: number): string {
  return String(value).padStart(SERIAL_DIGITS, '0');
}

export function toAvailable({ id, serialNumber, qrToken, status }: QrCode): AvailableQrCode {
  return { id, serialNumber, qrToken, status };
}
