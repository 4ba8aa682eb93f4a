import { POST_LIMITS } from '@giftcast/contract/limits';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, Matches } from 'class-validator';
import { Omittable, OptionalHttpUrl, OptionalText, RequiredText } from '../../common/validation';

/** The spec's blog table (section 5): every limit and message. */
export class CreatePostDto {
  @RequiredText(POST_LIMITS.title, 'title.min', 'title.max')
  title: string;

  @OptionalText(POST_LIMITS.titleEn, 'titleEn.max')
  titleEn?: string | null;

  @RequiredText(POST_LIMITS.content, 'content.min', 'content.max')
  content: string;

  @OptionalText(POST_LIMITS.contentEn, 'contentEn.max')
  contentEn?: string | null;

  @RequiredText(POST_LIMITS.excerpt, 'excerpt.min', 'excerpt.max')
  excerpt: string;

  @OptionalText(POST_LIMITS.excerptEn, 'excerptEn.max')
  excerptEn?: string | null;

  @OptionalHttpUrl(POST_LIMITS.thumbnailUrl, { description: 'A valid http(s) URL, or empty' })
  thumbnailUrl?: string | null;

  @RequiredText(POST_LIMITS.slug, 'slug.required', 'slug.max', { pattern: '^[a-z0-9-]+$' })
  @Matches(/^[a-z0-9-]+$/, { message: 'slug.pattern' })
  slug: string;

  @ApiPropertyOptional({ default: false })
  @Omittable()
  @IsBoolean({ message: 'field.boolean' })
  published?: boolean;
}
