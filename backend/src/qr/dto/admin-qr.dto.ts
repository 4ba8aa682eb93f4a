import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsInt, IsOptional, Matches, Max, Min } from 'class-validator';
import { PageQueryDto } from '../../common/paging';
import { ADMIN_SETTABLE_STATUSES, QR_STATUSES, type QrStatus } from '../qr-code';

export class ListQrCodesQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ enum: QR_STATUSES })
  @IsOptional()
  @IsIn(QR_STATUSES, { message: 'qr.status.invalid' })
  status?: QrStatus;

  @ApiPropertyOptional({ description: 'Digits contained in the serial number' })
  @IsOptional()
  @Matches(/^\d{1,18}$/, { message: 'qr.serial.invalid' })
  serial?: string;
}

export class GenerateQrCodesDto {
  @ApiProperty({ minimum: 1, maximum: 1000, description: 'How many new codes, with the next serial numbers' })
  @IsInt({ message: 'qr.count.invalid' })
  @Min(1, { message: 'qr.count.invalid' })
  @Max(1000, { message: 'qr.count.invalid' })
  count: number;
}

export class ChangeQrStatusDto {
  @ApiProperty({ enum: ADMIN_SETTABLE_STATUSES })
  @IsIn(ADMIN_SETTABLE_STATUSES, { message: 'qr.status.notSettable' })
  status: (typeof ADMIN_SETTABLE_STATUSES)[number];
}
