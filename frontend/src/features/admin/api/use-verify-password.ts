import { useMutation } from '@tanstack/react-query';
import { api, dataOf } from '../../../lib/api-client';

/** Exchanges the admin password for the token of the admin calls. */
export function useVerifyPassword() {
  return useMutation({
    mutationFn: (password: string) => dataOf(api.POST('/api/admin/verify', { body: { password } })),
  });
}
