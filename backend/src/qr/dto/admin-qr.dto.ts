import { QR_GENERATE_LIMITS } from '@giftcast/contract/limits';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsInt, IsOptional, Matches, Max, Min } from 'class-validator';
import { PageQueryDto } from '../../common/paging';
import { Omittable } from '../../common/validation';
import {
  ADMIN_SETTABLE_STATUSES,
  DEFAULT_QR_POOL,
  QR_POOLS,
  QR_STATUSES,
  type QrPool,
  type QrStatus,
} from '../qr-code';

export class ListQrCodesQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ enum: QR_STATUSES })
  @IsOptional()
  @IsIn(QR_STATUSES, { message: 'qr.status.invalid' })
  status?: QrStatus;

  @ApiPropertyOptional({ enum: QR_POOLS, description: 'Only codes of this pool; the counts are of this pool too' })
  @IsOptional()
  @IsIn(QR_POOLS, { message: 'qr.pool.invalid' })
  pool?: QrPool;

  @ApiPropertyOptional({ description: 'Digits contained in the serial number' })
  @IsOptional()
  @Matches(/^\d{1,18}$/, { message: 'qr.serial.invalid' })
  serial?: string;
}

export class GenerateQrCodesDto {
  @ApiProperty({
    minimum: QR_GENERATE_LIMITS.count.min,
    maximum: QR_GENERATE_LIMITS.count.max,
    description: 'How many new codes, with the next serial numbers',
  })
  @IsInt({ message: 'qr.count.invalid' })
  @Min(QR_GENERATE_LIMITS.count.min, { message: 'qr.count.invalid' })
  @Max(QR_GENERATE_LIMITS.count.max, { message: 'qr.count.invalid' })
  count: number;

  @ApiPropertyOptional({
    enum: QR_POOLS,
    default: DEFAULT_QR_POOL,
    description: '`try`: offered to anyone on /try; `print`: for stickers, never offered on /try',
  })
  // Left out means the default; null is no pool either, so it is refused like any other value.
  @Omittable()
  @IsIn(QR_POOLS, { message: 'qr.pool.invalid' })
  pool: QrPool = DEFAULT_QR_POOL;
}

export class ChangeQrStatusDto {
  @ApiProperty({ enum: ADMIN_SETTABLE_STATUSES })
  @IsIn(ADMIN_SETTABLE_STATUSES, { message: 'qr.status.notSettable' })
  status: (typeof ADMIN_SETTABLE_STATUSES)[number];
}
