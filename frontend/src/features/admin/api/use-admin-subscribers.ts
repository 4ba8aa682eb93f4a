import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { api, dataOf, type ApiSchemas } from '../../../lib/api-client';
import { pageQuery } from './admin-page';
import { bearer } from './admin-request';

export type Subscriber = ApiSchemas['SubscriberView'];

export function useAdminSubscribers(token: string, page: number) {
  return useQuery({
    queryKey: ['admin', 'subscribers', token, page],
    queryFn: () =>
      dataOf(api.GET('/api/admin/subscribers', { params: { query: pageQuery(page) }, headers: bearer(token) })),
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
      const { data: csv, response } = await api.GET('/api/admin/subscribers/export.csv', {
        headers: bearer(token),
        parseAs: 'blob',
      });
      if (!csv) throw new Error('The export answered without a file');
      const name = fileName(response.headers.get('Content-Disposition'));
      const url = URL.createObjectURL(csv);
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
