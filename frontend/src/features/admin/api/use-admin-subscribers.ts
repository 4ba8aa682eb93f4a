import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { pagedUrl, type Page } from './admin-page';
import { adminJson, adminRequest } from './admin-request';

export interface Subscriber {
  id: string;
  email: string;
  language: 'ko' | 'en';
  active: boolean;
  subscribedAt: string;
}

export interface SubscriberPage extends Page<Subscriber> {
  counts: { active: number; inactive: number };
}

export function useAdminSubscribers(token: string, page: number) {
  return useQuery({
    queryKey: ['admin', 'subscribers', token, page],
    queryFn: () => adminJson<SubscriberPage>(token, 'GET', pagedUrl('/api/admin/subscribers', page)),
    placeholderData: keepPreviousData,
  });
}

const DEFAULT_CSV_NAME = 'giftcast-subscribers.csv';

function fileName(contentDisposition: string | null): string {
  const match = /filename="?([^";]+)"?/.exec(contentDisposition ?? '');
  return match ? match[1] : DEFAULT_CSV_NAME;
}

/**
 * Downloads the CSV. A plain link cannot carry the bearer token, so the file is fetched and
 * handed to the browser as a blob.
 */
export function useExportSubscribers(token: string) {
  return useMutation({
    mutationFn: async () => {
      const res = await adminRequest(token, 'GET', '/api/admin/subscribers/export.csv');
      const name = fileName(res.headers.get('Content-Disposition'));
      const url = URL.createObjectURL(await res.blob());
      const link = document.createElement('a');
      link.href = url;
      link.download = name;
      document.body.append(link);
      link.click();
      link.remove();
      // Revoked after the click has been handled, or the download would find no file.
      setTimeout(() => URL.revokeObjectURL(url), 0);
      return name;
    },
  });
}
