import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsIn, IsOptional } from 'class-validator';
import { QR_IMAGE_SIZES, type QrImageSize } from '../qr.service';

export class QrImageQueryDto {
  @ApiPropertyOptional({ enum: QR_IMAGE_SIZES, default: 300, description: 'Width and height in pixels' })
  @IsOptional()
  @Type(() => Number)
  @IsIn(QR_IMAGE_SIZES, { message: 'qr.size.invalid' })
  size?: QrImageSize;
}
