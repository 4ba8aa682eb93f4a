import { useMutation } from '@tanstack/react-query';
import { api, dataOf } from '../../../lib/api-client';

/** Confirms a subscription by the token of the mailed link; the address then gets the newsletter. */
export function useConfirmSubscription() {
  return useMutation({
    mutationFn: (token: string) => dataOf(api.POST('/api/subscribe/confirm', { body: { token } })),
  });
}
