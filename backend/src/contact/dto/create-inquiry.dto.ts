import { INQUIRY_LIMITS } from '@giftcast/contract/limits';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn } from 'class-validator';
import { EmailAddress, Omittable, OptionalText, RequiredText, Trim } from '../../common/validation';
import { SUBMISSION_TYPES, type SubmissionType } from '../contact-submission.entity';

/** The contact and partner forms (spec section 5: the same rules). */
export class CreateInquiryDto {
  @RequiredText(INQUIRY_LIMITS.name, 'name.min', 'name.max')
  name: string;

  @Trim()
  @EmailAddress(INQUIRY_LIMITS.email)
  email: string;

  @OptionalText(INQUIRY_LIMITS.phone, 'phone.max')
  phone?: string | null;

  @RequiredText(INQUIRY_LIMITS.message, 'message.min', 'message.max')
  message: string;

  @ApiPropertyOptional({ enum: SUBMISSION_TYPES, default: 'contact' })
  @Omittable()
  @IsIn(SUBMISSION_TYPES, { message: 'submissionType.invalid' })
  submissionType?: SubmissionType;
}
