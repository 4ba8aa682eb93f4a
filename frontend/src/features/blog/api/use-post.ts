import { useQuery } from '@tanstack/react-query';
import type { Post } from '../../../lib/post';

/** One published post by slug: GET /api/posts/slug/{slug}. */
export function usePost(slug: string) {
  return useQuery<Post>({ queryKey: ['/api/posts/slug', encodeURIComponent(slug)] });
}
