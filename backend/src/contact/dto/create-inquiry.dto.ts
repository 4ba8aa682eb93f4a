import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsDefined, IsEmail, IsIn, IsString, MaxLength, ValidateIf } from 'class-validator';
import { OptionalText, RequiredText, Trim } from '../../common/validation';
import { SUBMISSION_TYPES, type SubmissionType } from '../contact-submission.entity';

/** The contact and partner forms (spec section 5: the same rules). */
export class CreateInquiryDto {
  @ApiProperty({ minLength: 2, maxLength: 100 })
  @RequiredText(2, 100, 'name.min', 'name.max')
  name: string;

  @ApiProperty({ format: 'email' })
  @Trim()
  @IsDefined({ message: 'email.invalid' })
  @IsString({ message: 'email.invalid' })
  @MaxLength(254, { message: 'email.invalid' })
  @IsEmail({}, { message: 'email.invalid' })
  email: string;

  @ApiPropertyOptional({ maxLength: 30, nullable: true })
  @OptionalText(30, 'phone.max')
  phone?: string | null;

  @ApiProperty({ minLength: 10, maxLength: 5000 })
  @RequiredText(10, 5000, 'message.min', 'message.max')
  message: string;

  @ApiPropertyOptional({ enum: SUBMISSION_TYPES, default: 'contact' })
  @ValidateIf((_, value) => value !== undefined)
  @IsIn(SUBMISSION_TYPES, { message: 'submissionType.invalid' })
  submissionType?: SubmissionType;
}
