import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsOptional, Matches } from 'class-validator';
import { OptionalHttpUrl, OptionalText, RequiredText, URL_MAX_LENGTH } from '../../common/validation';

/** The spec's blog table (section 5): every limit and message. */
export const POST_LIMITS = {
  title: { min: 5, max: 40 },
  titleEn: { max: 80 },
  content: { min: 50, max: 1200 },
  contentEn: { max: 2400 },
  excerpt: { min: 20, max: 100 },
  excerptEn: { max: 200 },
  slug: { min: 1, max: 30 },
  thumbnailUrl: { max: URL_MAX_LENGTH },
} as const;

export class CreatePostDto {
  @ApiProperty({ minLength: POST_LIMITS.title.min, maxLength: POST_LIMITS.title.max })
  @RequiredText(POST_LIMITS.title.min, POST_LIMITS.title.max, 'title.min', 'title.max')
  title: string;

  @ApiPropertyOptional({ maxLength: POST_LIMITS.titleEn.max, nullable: true })
  @OptionalText(POST_LIMITS.titleEn.max, 'titleEn.max')
  titleEn?: string | null;

  @ApiProperty({ minLength: POST_LIMITS.content.min, maxLength: POST_LIMITS.content.max })
  @RequiredText(POST_LIMITS.content.min, POST_LIMITS.content.max, 'content.min', 'content.max')
  content: string;

  @ApiPropertyOptional({ maxLength: POST_LIMITS.contentEn.max, nullable: true })
  @OptionalText(POST_LIMITS.contentEn.max, 'contentEn.max')
  contentEn?: string | null;

  @ApiProperty({ minLength: POST_LIMITS.excerpt.min, maxLength: POST_LIMITS.excerpt.max })
  @RequiredText(POST_LIMITS.excerpt.min, POST_LIMITS.excerpt.max, 'excerpt.min', 'excerpt.max')
  excerpt: string;

  @ApiPropertyOptional({ maxLength: POST_LIMITS.excerptEn.max, nullable: true })
  @OptionalText(POST_LIMITS.excerptEn.max, 'excerptEn.max')
  excerptEn?: string | null;

  @ApiPropertyOptional({ format: 'uri', nullable: true, description: 'A valid http(s) URL, or empty' })
  @OptionalHttpUrl()
  thumbnailUrl?: string | null;

  @ApiProperty({ minLength: POST_LIMITS.slug.min, maxLength: POST_LIMITS.slug.max, pattern: '^[a-z0-9-]+$' })
  @RequiredText(POST_LIMITS.slug.min, POST_LIMITS.slug.max, 'slug.required', 'slug.max')
  @Matches(/^[a-z0-9-]+$/, { message: 'slug.pattern' })
  slug: string;

  @ApiPropertyOptional({ default: false })
  @IsOptional()
  @IsBoolean({ message: 'field.boolean' })
  published?: boolean;
}
