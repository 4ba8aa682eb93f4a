import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export interface SubscribeResponse {
  success?: boolean;
  message?: string;
}

export function useSubscribe() {
  return useMutation({
    mutationFn: async (email: string): Promise<SubscribeResponse> => {
      const res = await apiRequest('POST', '/api/subscribe', { email });
      return (await res.json().catch(() => ({}))) as SubscribeResponse;
    },
  });
}
