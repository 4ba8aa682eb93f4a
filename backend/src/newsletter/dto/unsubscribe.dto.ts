import { ApiProperty } from '@nestjs/swagger';
import { IsDefined, IsNotEmpty, IsString } from 'class-validator';
import { Trim } from '../../common/validation';

export class UnsubscribeDto {
  @ApiProperty({ description: 'The token from the unsubscribe link' })
  @Trim()
  @IsDefined({ message: 'token.required' })
  @IsString({ message: 'token.required' })
  @IsNotEmpty({ message: 'token.required' })
  // Any other token, however long, is one the server does not know: 404 (the body's own limit bounds it).
  token: string;
}
