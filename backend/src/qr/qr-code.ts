import { QR_POOLS, QR_STATUSES, type QrPool, type QrStatus } from '@giftcast/contract/qr-codes';
import { ApiProperty } from '@nestjs/swagger';

export { QR_POOLS, QR_STATUSES, type QrPool, type QrStatus };

/** Statuses an admin may set; `recorded` and `expired` belong to the video lifecycle. */
export const ADMIN_SETTABLE_STATUSES = ['unused', 'disabled'] as const satisfies readonly QrStatus[];

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

  @ApiProperty({
    type: String,
    format: 'date-time',
    nullable: true,
    description: 'When a try code was taken: given a fresh token, its public one retired, no longer offered on /try',
  })
  takenAt: Date | null;

  @ApiProperty({ type: String, format: 'date-time' })
  createdAt: Date;

  @ApiProperty({ type: String, format: 'date-time' })
  updatedAt: Date;
}

export const SERIAL_DIGITS = 4;

export function formatSerial(value: number): string {
  return String(value).padStart(SERIAL_DIGITS, '0');
}

/** A try code nobody has taken yet: its token was published on /try, so nobody may record on it. */
export function isListed(code: Pick<QrCode, 'pool' | 'takenAt'>): boolean {
  return code.pool === 'try' && code.takenAt === null;
}

export function toAvailable({ id, serialNumber, qrToken, status }: QrCode): AvailableQrCode {
  return { id, serialNumber, qrToken, status };
}
