import { ApiProperty } from '@nestjs/swagger';
import { IsDefined, IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { Trim } from '../../common/validation';

export class ConfirmSubscriptionDto {
  @ApiProperty({ description: 'The token from the confirmation link' })
  @Trim()
  @IsDefined({ message: 'confirmToken.required' })
  @IsString({ message: 'confirmToken.required' })
  @IsNotEmpty({ message: 'confirmToken.required' })
  @MaxLength(200, { message: 'error.subscribe.confirmInvalid' })
  token: string;
}
