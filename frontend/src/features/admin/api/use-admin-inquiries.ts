import { keepPreviousData, skipToken, useQuery } from '@tanstack/react-query';
import { api, dataOf, type ApiSchemas } from '../../../lib/api-client';
import { pageQuery } from './admin-page';
import { bearer } from './admin-request';

export type Inquiry = ApiSchemas['ContactSubmission'];
export type InquiryType = ApiSchemas['SubmissionType'];

export function useAdminInquiries(token: string, page: number, type: InquiryType | 'all') {
  return useQuery({
    queryKey: ['admin', 'inquiries', token, page, type],
    queryFn: () =>
      dataOf(
        api.GET('/api/admin/inquiries', {
          params: { query: { ...pageQuery(page), type: type === 'all' ? undefined : type } },
          headers: bearer(token),
        }),
      ),
    placeholderData: keepPreviousData,
  });
}

/** One inquiry in full; the list row shows meanwhile. */
export function useAdminInquiry(token: string, listed: Inquiry | null) {
  return useQuery({
    queryKey: ['admin', 'inquiry', token, listed?.id],
    queryFn: listed
      ? () =>
          dataOf(api.GET('/api/admin/inquiries/{id}', { params: { path: { id: listed.id } }, headers: bearer(token) }))
      : skipToken,
    placeholderData: listed ?? undefined,
  });
}
