import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsDefined, IsEmail, IsString, MaxLength } from 'class-validator';

export class SubscribeDto {
  @ApiProperty({ format: 'email' })
  @Transform(({ value }) => (typeof value === 'string' ? value.trim().toLowerCase() : value))
  @IsDefined({ message: 'email.invalid' })
  @IsString({ message: 'email.invalid' })
  @MaxLength(254, { message: 'email.invalid' })
  @IsEmail({}, { message: 'email.invalid' })
  email: string;
}
