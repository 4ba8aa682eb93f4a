import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export interface AdminVerifyResponse {
  token: string;
  expiresAt?: string;
}

export function useVerifyPassword() {
  return useMutation({
    mutationFn: async (password: string): Promise<AdminVerifyResponse> => {
      const res = await apiRequest('POST', '/api/admin/verify', { password });
      return (await res.json()) as AdminVerifyResponse;
    },
  });
}
