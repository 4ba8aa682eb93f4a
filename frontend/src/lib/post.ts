/** A blog post as the API returns it (public and admin alike); absent optional fields are null. */
export interface Post {
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
