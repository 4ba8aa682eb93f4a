import { useQuery } from '@tanstack/react-query';
import { getQueryFn } from '../../../lib/api-client';
import { isProcessing, messagePath, type QrMessage } from './message';

/** While a video is being transcoded the page asks again this often; otherwise it never polls. */
export const PROCESSING_POLL_MS = 3_000;

export function messageQueryKey(qrToken: string) {
  return [messagePath(qrToken)];
}

/** The code's status and message, refreshed by itself only while the message is processing. */
export function useMessage(qrToken: string) {
  return useQuery<QrMessage | null>({
    queryKey: messageQueryKey(qrToken),
    queryFn: getQueryFn<QrMessage>({ on401: 'throw' }),
    refetchInterval: (query) => (isProcessing(query.state.data) ? PROCESSING_POLL_MS : false),
  });
}
