/** A blog post as the admin API returns it; absent optional fields are null. */
export interface AdminPost {
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

/** The body of POST /api/posts and PATCH /api/posts/{id}. */
export type PostInput = Omit<AdminPost, 'id' | 'createdAt' | 'updatedAt'>;
