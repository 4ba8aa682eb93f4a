import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
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

/** The spec's blog table (section 5): every limit and message. */
export const POST_LIMITS = {
  title: { min: 5, max: 40 },
  titleEn: { max: 80 },
  content: { min: 50, max: 1200 },
  contentEn: { max: 2400 },
  excerpt: { min: 20, max: 100 },
  excerptEn: { max: 200 },
  slug: { min: 1, max: 30 },
  thumbnailUrl: { max: 2048 },
} as const;

const isPresent = (_: unknown, value: unknown) => value !== null && value !== undefined;

export class CreatePostDto {
  @ApiProperty({ minLength: POST_LIMITS.title.min, maxLength: POST_LIMITS.title.max })
  @Trim()
  @IsDefined({ message: 'title.min' })
  @IsString({ message: 'field.string' })
  @MinLength(POST_LIMITS.title.min, { message: 'title.min' })
  @MaxLength(POST_LIMITS.title.max, { message: 'title.max' })
  title: string;

  @ApiPropertyOptional({ maxLength: POST_LIMITS.titleEn.max, nullable: true })
  @EmptyToNull()
  @ValidateIf(isPresent)
  @IsString({ message: 'field.string' })
  @MaxLength(POST_LIMITS.titleEn.max, { message: 'titleEn.max' })
  titleEn?: string | null;

  @ApiProperty({ minLength: POST_LIMITS.content.min, maxLength: POST_LIMITS.content.max })
  @Trim()
  @IsDefined({ message: 'content.min' })
  @IsString({ message: 'field.string' })
  @MinLength(POST_LIMITS.content.min, { message: 'content.min' })
  @MaxLength(POST_LIMITS.content.max, { message: 'content.max' })
  content: string;

  @ApiPropertyOptional({ maxLength: POST_LIMITS.contentEn.max, nullable: true })
  @EmptyToNull()
  @ValidateIf(isPresent)
  @IsString({ message: 'field.string' })
  @MaxLength(POST_LIMITS.contentEn.max, { message: 'contentEn.max' })
  contentEn?: string | null;

  @ApiProperty({ minLength: POST_LIMITS.excerpt.min, maxLength: POST_LIMITS.excerpt.max })
  @Trim()
  @IsDefined({ message: 'excerpt.min' })
  @IsString({ message: 'field.string' })
  @MinLength(POST_LIMITS.excerpt.min, { message: 'excerpt.min' })
  @MaxLength(POST_LIMITS.excerpt.max, { message: 'excerpt.max' })
  excerpt: string;

  @ApiPropertyOptional({ maxLength: POST_LIMITS.excerptEn.max, nullable: true })
  @EmptyToNull()
  @ValidateIf(isPresent)
  @IsString({ message: 'field.string' })
  @MaxLength(POST_LIMITS.excerptEn.max, { message: 'excerptEn.max' })
  excerptEn?: string | null;

  @ApiPropertyOptional({ format: 'uri', nullable: true, description: 'A valid http(s) URL, or empty' })
  @EmptyToNull()
  @ValidateIf(isPresent)
  @IsString({ message: 'field.url' })
  @MaxLength(POST_LIMITS.thumbnailUrl.max, { message: 'field.url' })
  @IsUrl({ protocols: ['http', 'https'], require_protocol: true }, { message: 'field.url' })
  thumbnailUrl?: string | null;

  @ApiProperty({ minLength: POST_LIMITS.slug.min, maxLength: POST_LIMITS.slug.max, pattern: '^[a-z0-9-]+$' })
  @Trim()
  @IsDefined({ message: 'slug.required' })
  @IsString({ message: 'field.string' })
  @MinLength(POST_LIMITS.slug.min, { message: 'slug.required' })
  @MaxLength(POST_LIMITS.slug.max, { message: 'slug.max' })
  @Matches(/^[a-z0-9-]+$/, { message: 'slug.pattern' })
  slug: string;

  @ApiPropertyOptional({ default: false })
  @IsOptional()
  @IsBoolean({ message: 'field.boolean' })
  published?: boolean;
}
