import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export function useUnsubscribe() {
  return useMutation({
    mutationFn: async (token: string): Promise<void> => {
      await apiRequest('POST', '/api/unsubscribe', { token });
    },
  });
}
