import { ApiProperty } from '@nestjs/swagger';
import type { BlogPost } from './blog-post.entity';

/** The contract's post: exactly these fields, absent optional ones as null. */
export class PostResponse {
  @ApiProperty({ format: 'uuid' })
  id: string;

  @ApiProperty()
  title: string;

  @ApiProperty({ type: String, nullable: true })
  titleEn: string | null;

  @ApiProperty()
  content: string;

  @ApiProperty({ type: String, nullable: true })
  contentEn: string | null;

  @ApiProperty()
  excerpt: string;

  @ApiProperty({ type: String, nullable: true })
  excerptEn: string | null;

  @ApiProperty({ type: String, nullable: true })
  thumbnailUrl: string | null;

  @ApiProperty()
  slug: string;

  @ApiProperty()
  published: boolean;

  @ApiProperty({ format: 'date-time' })
  createdAt: string;

  @ApiProperty({ format: 'date-time' })
  updatedAt: string;
}

export function toPostResponse(post: BlogPost): PostResponse {
  return {
    id: post.id,
    title: post.title,
    titleEn: post.titleEn,
    content: post.content,
    contentEn: post.contentEn,
    excerpt: post.excerpt,
    excerptEn: post.excerptEn,
    thumbnailUrl: post.thumbnailUrl,
    slug: post.slug,
    published: post.published,
    createdAt: post.createdAt.toISOString(),
    updatedAt: post.updatedAt.toISOString(),
  };
}
