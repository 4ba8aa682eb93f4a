import { useQuery } from '@tanstack/react-query';
import type { Post } from '../../../lib/post';

export const publishedPostsQueryKey = ['/api/posts?published=true'];

export function usePublishedPosts() {
  return useQuery<Post[]>({ queryKey: publishedPostsQueryKey });
}
