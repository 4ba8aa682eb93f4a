import { QUERY_KEYS } from '@giftcast/contract/query-keys';
import { useQuery } from '@tanstack/react-query';
import { api, dataOf } from '../../../lib/api-client';

/** The featured testimonials; the server renders the home page with them under the same key. */
export function useFeaturedTestimonials() {
  return useQuery({
    queryKey: QUERY_KEYS.featuredTestimonials,
    queryFn: () => dataOf(api.GET('/api/testimonials/featured')),
  });
}
