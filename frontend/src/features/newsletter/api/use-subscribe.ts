import { useMutation } from '@tanstack/react-query';
import { api, dataOf } from '../../../lib/api-client';

/** Subscribes an address; the answer's message says whether it was new, back, or already there. */
export function useSubscribe() {
  return useMutation({
    mutationFn: (email: string) => dataOf(api.POST('/api/subscribe', { body: { email } })),
  });
}
