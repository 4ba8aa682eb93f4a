import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { MAX_PAGE_SIZE, pagedUrl, type Page } from './admin-page';
import { adminJson } from './admin-request';

export const QR_STATUSES = ['unused', 'recorded', 'expired', 'disabled'] as const;
export type QrStatus = (typeof QR_STATUSES)[number];
/** Only these two can be set by hand; recorded and expired follow the video's life. */
export type SettableQrStatus = Extract<QrStatus, 'unused' | 'disabled'>;
/** `try` codes are offered to anyone on /try; `print` codes are for stickers and never are. */
export const QR_POOLS = ['try', 'print'] as const;
export type QrPool = (typeof QR_POOLS)[number];

export interface AdminQrCode {
  id: string;
  serialNumber: string;
  qrToken: string;
  status: QrStatus;
  pool: QrPool;
  createdAt: string;
  updatedAt: string;
}

export interface QrCodePage extends Page<AdminQrCode> {
  counts: Record<QrStatus, number>;
}

export interface QrFilter {
  status: QrStatus | 'all';
  pool: QrPool | 'all';
  serial: string;
  page: number;
}

const qrQueryKey = ['admin', 'qr'];

export const qrListUrl = (filter: QrFilter) =>
  pagedUrl('/api/admin/qr', filter.page, {
    status: filter.status === 'all' ? undefined : filter.status,
    pool: filter.pool === 'all' ? undefined : filter.pool,
    serial: filter.serial,
  });

export function useAdminQrCodes(token: string, filter: QrFilter) {
  return useQuery({
    queryKey: [...qrQueryKey, token, filter],
    queryFn: () => adminJson<QrCodePage>(token, 'GET', qrListUrl(filter)),
    // Paging or filtering keeps the current rows on screen until the next page arrives.
    placeholderData: keepPreviousData,
  });
}

export function useGenerateQrCodes(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: { count: number; pool: QrPool }) =>
      adminJson<{ items: AdminQrCode[] }>(token, 'POST', '/api/admin/qr', request),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: qrQueryKey }),
  });
}

export function useSetQrStatus(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: string; status: SettableQrStatus }) =>
      adminJson<AdminQrCode>(token, 'PATCH', `/api/admin/qr/${encodeURIComponent(id)}`, { status }),
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
        const url = pagedUrl('/api/admin/qr', page, {}, MAX_PAGE_SIZE);
        const result = await adminJson<QrCodePage>(token, 'GET', url);
        found.push(...result.items.filter((code) => wanted.has(code.id)));
        if (found.length === wanted.size || page * result.pageSize >= result.total) return found;
      }
    },
  });
}
