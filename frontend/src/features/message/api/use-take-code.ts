import { useMutation } from '@tanstack/react-query';
import { api, dataOf, type ApiSchemas } from '../../../lib/api-client';

/** A code listed on /try, taken: the same code under a fresh token nobody else has seen. */
export type TakenCode = ApiSchemas['AvailableQrCode'];

/** Takes a code listed on /try before anything is recorded on it; its listed token is retired. */
export function useTakeCode(qrToken: string) {
  return useMutation({
    mutationFn: (): Promise<TakenCode> => dataOf(api.POST('/api/qr/{qrToken}/take', { params: { path: { qrToken } } })),
  });
}
