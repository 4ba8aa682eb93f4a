import { ApiProperty } from '@nestjs/swagger';

export const QR_STATUSES = ['unused', 'recorded', 'expired', 'disabled'] as const;
export type QrStatus = (typeof QR_STATUSES)[number];

/** Statuses an admin may set; `recorded` and `expired` belong to the video lifecycle. */
export const ADMIN_SETTABLE_STATUSES = ['unused', 'disabled'] as const satisfies readonly QrStatus[];

/**
 * Who a code is for: `try` codes are offered to anyone on /try; `print` codes become stickers that
 * are sold, so they must never be offered there. Chosen when the code is generated.
 */
export const QR_POOLS = ['try', 'print'] as const;
export type QrPool = (typeof QR_POOLS)[number];
/** The safe choice when none is made: a code nobody can take from /try. */
export const DEFAULT_QR_POOL: QrPool = 'print';

/** What /try and its stream publish of a code. */
export class AvailableQrCode {
  @ApiProperty({ format: 'uuid' })
  id: string;

  @ApiProperty({ description: 'Zero-padded to at least four digits: "0500", "9999", "10000"' })
  serialNumber: string;

  @ApiProperty({ description: 'The token of its verification link, /v/{qrToken}' })
  qrToken: string;

  @ApiProperty({ enum: QR_STATUSES, enumName: 'QrStatus' })
  status: QrStatus;
}

/** A code as stored, and as the admin console sees it. */
export class QrCode extends AvailableQrCode {
  @ApiProperty({ enum: QR_POOLS, enumName: 'QrPool' })
  pool: QrPool;

  @ApiProperty({ type: String, format: 'date-time' })
  createdAt: Date;

  @ApiProperty({ type: String, format: 'date-time' })
  updatedAt: Date;
}

export const SERIAL_DIGITS = 4;

export function formatSerial(value: number): string {
  return String(value).padStart(SERIAL_DIGITS, '0');
}

export function toAvailable({ id, serialNumber, qrToken, status }: QrCode): AvailableQrCode {
  return { id, serialNumber, qrToken, status };
}
