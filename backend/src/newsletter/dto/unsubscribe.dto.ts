import { ApiProperty } from '@nestjs/swagger';
import { IsDefined, IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { Trim } from '../../common/validation';

export class UnsubscribeDto {
  @ApiProperty({ description: 'The token from the unsubscribe link' })
  @Trim()
  @IsDefined({ message: 'token.required' })
  @IsString({ message: 'token.required' })
  @IsNotEmpty({ message: 'token.required' })
  @MaxLength(200, { message: 'error.unsubscribe.notFound' })
  token: string;
}
