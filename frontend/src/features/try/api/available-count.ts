import { QUERY_KEYS } from '@giftcast/contract/query-keys';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, dataOf } from '../../../lib/api-client';
import type { AvailableQrCode } from './qr-code';

/**
 * The list of free codes /try shows, under the key the server seeds its pages with and the /try
 * stream keeps current: fetched only where no page brought it and no stream holds it.
 */
export const availableCodesQuery = queryOptions<AvailableQrCode[]>({
  queryKey: QUERY_KEYS.availableQrCodes,
  queryFn: () => dataOf(api.GET('/api/qr/available')),
});

/**
 * How many codes are free right now, read from that list (the count /try shows); undefined until
 * the list is in. Never fetches by itself: call `queryClient.prefetchQuery(availableCodesQuery)`.
 */
export function useAvailableCount(): number | undefined {
  const { data } = useQuery({ ...availableCodesQuery, enabled: false, select: (codes) => codes.length });
  return data;
}
