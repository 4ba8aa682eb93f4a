import { TESTIMONIAL_LIMITS } from '@giftcast/contract/limits';
import { ApiPropertyOptional, PartialType } from '@nestjs/swagger';
import { IsBoolean, IsString, Matches } from 'class-validator';
import { Omittable, OptionalHttpUrl, OptionalText, RequiredText } from '../../common/validation';

/** The spec's testimonial rules (section 5). */
export class CreateTestimonialDto {
  @RequiredText(TESTIMONIAL_LIMITS.name, 'name.min', 'name.max')
  name: string;

  @OptionalText(TESTIMONIAL_LIMITS.nameEn, 'name.max')
  nameEn?: string | null;

  @RequiredText(TESTIMONIAL_LIMITS.role, 'role.min', 'field.invalid')
  role: string;

  @OptionalText(TESTIMONIAL_LIMITS.roleEn, 'field.invalid')
  roleEn?: string | null;

  @RequiredText(TESTIMONIAL_LIMITS.content, 'review.min', 'field.invalid')
  content: string;

  @OptionalText(TESTIMONIAL_LIMITS.contentEn, 'field.invalid')
  contentEn?: string | null;

  @OptionalHttpUrl(TESTIMONIAL_LIMITS.imageUrl)
  imageUrl?: string | null;

  @OptionalHttpUrl(TESTIMONIAL_LIMITS.videoUrl)
  videoUrl?: string | null;

  @ApiPropertyOptional({ default: '5', description: "'1' to '5'" })
  @Omittable()
  @IsString({ message: 'rating.invalid' })
  @Matches(/^[1-5]$/, { message: 'rating.invalid' })
  rating?: string;

  @ApiPropertyOptional({ default: false })
  @Omittable()
  @IsBoolean({ message: 'field.boolean' })
  featured?: boolean;
}

export class UpdateTestimonialDto extends PartialType(CreateTestimonialDto, { skipNullProperties: false }) {}
