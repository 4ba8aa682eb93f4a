import { QUERY_KEYS } from '@giftcast/contract/query-keys';
import { useQuery } from '@tanstack/react-query';
import { api, dataOf } from '../../../lib/api-client';

/** One published post by slug; the server renders its page with it under the same key. */
export function usePost(slug: string) {
  return useQuery({
    queryKey: QUERY_KEYS.post(slug),
    queryFn: () => dataOf(api.GET('/api/posts/slug/{slug}', { params: { path: { slug } } })),
  });
}
