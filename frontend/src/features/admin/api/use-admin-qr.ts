import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, dataOf, type ApiSchemas } from '../../../lib/api-client';
import { MAX_PAGE_SIZE, pageQuery } from './admin-page';
import { bearer } from './admin-request';

export { QR_POOLS, QR_STATUSES } from '@giftcast/contract/qr-codes';

export type QrStatus = ApiSchemas['QrStatus'];
/** Only these two can be set by hand; recorded and expired follow the video's life. */
export type SettableQrStatus = ApiSchemas['ChangeQrStatusDto']['status'];
/** `try` codes are offered to anyone on /try; `print` codes are for stickers and never are. */
export type QrPool = ApiSchemas['QrPool'];

export type AdminQrCode = ApiSchemas['QrCode'];

export interface QrFilter {
  status: QrStatus | 'all';
  pool: QrPool | 'all';
  serial: string;
  page: number;
}

const qrQueryKey = ['admin', 'qr'];

export function useAdminQrCodes(token: string, filter: QrFilter) {
  return useQuery({
    queryKey: [...qrQueryKey, token, filter],
    queryFn: () =>
      dataOf(
        api.GET('/api/admin/qr', {
          params: {
            query: {
              ...pageQuery(filter.page),
              status: filter.status === 'all' ? undefined : filter.status,
              pool: filter.pool === 'all' ? undefined : filter.pool,
              serial: filter.serial || undefined,
            },
          },
          headers: bearer(token),
        }),
      ),
    // Paging or filtering keeps the current rows on screen until the next page arrives.
    placeholderData: keepPreviousData,
  });
}

export function useGenerateQrCodes(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { count: number; pool: QrPool }) =>
      dataOf(api.POST('/api/admin/qr', { body, headers: bearer(token) })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: qrQueryKey }),
  });
}

export function useSetQrStatus(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: string; status: SettableQrStatus }) =>
      dataOf(api.PATCH('/api/admin/qr/{id}', { params: { path: { id } }, body: { status }, headers: bearer(token) })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: qrQueryKey }),
  });
}

/**
 * The codes with these ids, found by walking every page (the API has no lookup by id); used only
 * when the print sheet is opened without the selection that named them.
 */
export function useQrCodesByIds(token: string, ids: string[], enabled: boolean) {
  return useQuery({
    queryKey: [...qrQueryKey, token, 'by-ids', ids],
    enabled,
    queryFn: async () => {
      const wanted = new Set(ids);
      const found: AdminQrCode[] = [];
      for (let page = 1; ; page++) {
        const result = await dataOf(
          api.GET('/api/admin/qr', { params: { query: pageQuery(page, MAX_PAGE_SIZE) }, headers: bearer(token) }),
        );
        found.push(...result.items.filter((code) => wanted.has(code.id)));
        if (found.length === wanted.size || page * result.pageSize >= result.total) return found;
      }
    },
  });
}
