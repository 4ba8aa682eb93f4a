import type { BlogPost } from './blog-post.entity';

/** The contract's post: exactly these fields, absent optional ones as null. */
export interface PostResponse {
  id: string;
  title: string;
  titleEn: string | null;
  content: string;
  contentEn: string | null;
  excerpt: string;
  excerptEn: string | null;
  thumbnailUrl: string | null;
  slug: string;
  published: boolean;
  createdAt: string;
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
