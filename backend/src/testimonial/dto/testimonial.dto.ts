import { ApiProperty, ApiPropertyOptional, PartialType } from '@nestjs/swagger';
import {
  IsBoolean,
  IsDefined,
  IsOptional,
  IsString,
  IsUrl,
  Matches,
  MaxLength,
  MinLength,
  ValidateIf,
} from 'class-validator';
import { EmptyToNull, Trim } from '../../common/validation';

const isPresent = (_: unknown, value: unknown) => value !== null && value !== undefined;

/** The spec's testimonial rules (section 5). */
export class CreateTestimonialDto {
  @ApiProperty({ minLength: 2, maxLength: 100 })
  @Trim()
  @IsDefined({ message: 'name.min' })
  @IsString({ message: 'field.string' })
  @MinLength(2, { message: 'name.min' })
  @MaxLength(100, { message: 'name.max' })
  name: string;

  @ApiPropertyOptional({ maxLength: 100, nullable: true })
  @EmptyToNull()
  @ValidateIf(isPresent)
  @IsString({ message: 'field.string' })
  @MaxLength(100, { message: 'name.max' })
  nameEn?: string | null;

  @ApiProperty({ minLength: 2, maxLength: 100 })
  @Trim()
  @IsDefined({ message: 'role.min' })
  @IsString({ message: 'field.string' })
  @MinLength(2, { message: 'role.min' })
  @MaxLength(100, { message: 'field.invalid' })
  role: string;

  @ApiPropertyOptional({ maxLength: 100, nullable: true })
  @EmptyToNull()
  @ValidateIf(isPresent)
  @IsString({ message: 'field.string' })
  @MaxLength(100, { message: 'field.invalid' })
  roleEn?: string | null;

  @ApiProperty({ minLength: 10, maxLength: 2000 })
  @Trim()
  @IsDefined({ message: 'review.min' })
  @IsString({ message: 'field.string' })
  @MinLength(10, { message: 'review.min' })
  @MaxLength(2000, { message: 'field.invalid' })
  content: string;

  @ApiPropertyOptional({ maxLength: 4000, nullable: true })
  @EmptyToNull()
  @ValidateIf(isPresent)
  @IsString({ message: 'field.string' })
  @MaxLength(4000, { message: 'field.invalid' })
  contentEn?: string | null;

  @ApiPropertyOptional({ format: 'uri', nullable: true })
  @EmptyToNull()
  @ValidateIf(isPresent)
  @IsString({ message: 'field.url' })
  @MaxLength(2048, { message: 'field.url' })
  @IsUrl({ protocols: ['http', 'https'], require_protocol: true }, { message: 'field.url' })
  imageUrl?: string | null;

  @ApiPropertyOptional({ format: 'uri', nullable: true })
  @EmptyToNull()
  @ValidateIf(isPresent)
  @IsString({ message: 'field.url' })
  @MaxLength(2048, { message: 'field.url' })
  @IsUrl({ protocols: ['http', 'https'], require_protocol: true }, { message: 'field.url' })
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
