import { ApiProperty, ApiPropertyOptional, PartialType } from '@nestjs/swagger';
import { IsBoolean, IsOptional, IsString, Matches } from 'class-validator';
import { OptionalHttpUrl, OptionalText, RequiredText } from '../../common/validation';

/** The spec's testimonial rules (section 5). */
export class CreateTestimonialDto {
  @ApiProperty({ minLength: 2, maxLength: 100 })
  @RequiredText(2, 100, 'name.min', 'name.max')
  name: string;

  @ApiPropertyOptional({ maxLength: 100, nullable: true })
  @OptionalText(100, 'name.max')
  nameEn?: string | null;

  @ApiProperty({ minLength: 2, maxLength: 100 })
  @RequiredText(2, 100, 'role.min', 'field.invalid')
  role: string;

  @ApiPropertyOptional({ maxLength: 100, nullable: true })
  @OptionalText(100, 'field.invalid')
  roleEn?: string | null;

  @ApiProperty({ minLength: 10, maxLength: 2000 })
  @RequiredText(10, 2000, 'review.min', 'field.invalid')
  content: string;

  @ApiPropertyOptional({ maxLength: 4000, nullable: true })
  @OptionalText(4000, 'field.invalid')
  contentEn?: string | null;

  @ApiPropertyOptional({ format: 'uri', nullable: true })
  @OptionalHttpUrl()
  imageUrl?: string | null;

  @ApiPropertyOptional({ format: 'uri', nullable: true })
  @OptionalHttpUrl()
  videoUrl?: string | null;

  @ApiPropertyOptional({ default: '5', description: "'1' to '5'" })
  @IsOptional()
  @IsString({ message: 'rating.invalid' })
  @Matches(/^[1-5]$/, { message: 'rating.invalid' })
  rating?: string;

  @ApiPropertyOptional({ default: false })
  @IsOptional()
  @IsBoolean({ message: 'field.boolean' })
  featured?: boolean;
}

export class UpdateTestimonialDto extends PartialType(CreateTestimonialDto, { skipNullProperties: false }) {}
