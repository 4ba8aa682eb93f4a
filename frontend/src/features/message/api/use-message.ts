import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, dataOf } from '../../../lib/api-client';
import { isProcessing } from './message';

/** While a video is being transcoded the page asks again this often; otherwise it never polls. */
export const PROCESSING_POLL_MS = 3_000;

export function messageQueryKey(qrToken: string) {
  return ['/api/messages', qrToken];
}

/** The code's status and message: the query of the page, and what the app fetches ahead of it. */
export function messageQuery(qrToken: string) {
  return queryOptions({
    queryKey: messageQueryKey(qrToken),
    queryFn: () => dataOf(api.GET('/api/messages/{qrToken}', { params: { path: { qrToken } } })),
  });
}

/** The code's status and message, refreshed by itself only while the message is processing. */
export function useMessage(qrToken: string) {
  return useQuery({
    ...messageQuery(qrToken),
    // An answer fetched ahead of the page (app/router.tsx) stands, an unknown code's 404 included;
    // the page offers to try again after any other failure.
    retryOnMount: false,
    refetchInterval: (query) => (isProcessing(query.state.data) ? PROCESSING_POLL_MS : false),
  });
}
