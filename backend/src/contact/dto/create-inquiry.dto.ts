import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsDefined, IsEmail, IsIn, IsOptional, IsString, MaxLength, MinLength, ValidateIf } from 'class-validator';
import { EmptyToNull, Trim } from '../../common/validation';
import { SUBMISSION_TYPES, type SubmissionType } from '../contact-submission.entity';

/** The contact and partner forms (spec section 5: the same rules). */
export class CreateInquiryDto {
  @ApiProperty({ minLength: 2, maxLength: 100 })
  @Trim()
  @IsDefined({ message: 'name.min' })
  @IsString({ message: 'field.string' })
  @MinLength(2, { message: 'name.min' })
  @MaxLength(100, { message: 'name.max' })
  name: string;

  @ApiProperty({ format: 'email' })
  @Trim()
  @IsDefined({ message: 'email.invalid' })
  @IsString({ message: 'email.invalid' })
  @MaxLength(254, { message: 'email.invalid' })
  @IsEmail({}, { message: 'email.invalid' })
  email: string;

  @ApiPropertyOptional({ maxLength: 30, nullable: true })
  @EmptyToNull()
  @IsOptional()
  @IsString({ message: 'field.string' })
  @MaxLength(30, { message: 'phone.max' })
  phone?: string | null;

  @ApiProperty({ minLength: 10, maxLength: 5000 })
  @Trim()
  @IsDefined({ message: 'message.min' })
  @IsString({ message: 'field.string' })
  @MinLength(10, { message: 'message.min' })
  @MaxLength(5000, { message: 'message.max' })
  message: string;

  @ApiPropertyOptional({ enum: SUBMISSION_TYPES, default: 'contact' })
  @ValidateIf((_, value) => value !== undefined)
  @IsIn(SUBMISSION_TYPES, { message: 'submissionType.invalid' })
  submissionType?: SubmissionType;
}
