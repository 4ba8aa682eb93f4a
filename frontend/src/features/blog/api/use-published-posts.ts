import { QUERY_KEYS } from '@giftcast/contract/query-keys';
import { useQuery } from '@tanstack/react-query';
import { api, dataOf } from '../../../lib/api-client';

/** The published posts, newest first; the server renders /blog with them under the same key. */
export function usePublishedPosts() {
  return useQuery({
    queryKey: QUERY_KEYS.publishedPosts,
    queryFn: () => dataOf(api.GET('/api/posts', { params: { query: { published: 'true' } } })),
  });
}
