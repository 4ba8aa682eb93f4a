import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** DELETE the message with the key only its giver's browser holds; the code is unused again. */
export function useTakeBack(qrToken: string) {
  return useMutation({
    mutationFn: async (ownerKey: string): Promise<void> => {
      await api.DELETE('/api/messages/{qrToken}/video', {
        params: { path: { qrToken }, header: { 'x-owner-key': ownerKey } },
      });
    },
  });
}
