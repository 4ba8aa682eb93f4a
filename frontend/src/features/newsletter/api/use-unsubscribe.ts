import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export function useUnsubscribe() {
  return useMutation({
    mutationFn: async (token: string): Promise<void> => {
      await api.POST('/api/unsubscribe', { body: { token } });
    },
  });
}
