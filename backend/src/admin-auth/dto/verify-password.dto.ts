import { ApiProperty } from '@nestjs/swagger';
import { IsNotEmpty, IsString, MaxLength } from 'class-validator';

export class VerifyPasswordDto {
  @ApiProperty({ description: 'The admin password' })
  @IsString({ message: 'password.required' })
  @IsNotEmpty({ message: 'password.required' })
  @MaxLength(1024, { message: 'field.invalid' })
  password: string;
}
