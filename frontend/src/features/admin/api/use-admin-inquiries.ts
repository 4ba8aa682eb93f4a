import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { pagedUrl, type Page } from './admin-page';
import { adminJson } from './admin-request';

export type InquiryType = 'contact' | 'partner';

export interface Inquiry {
  id: string;
  name: string;
  email: string;
  phone: string | null;
  message: string;
  submissionType: InquiryType;
  createdAt: string;
}

export function useAdminInquiries(token: string, page: number, type: InquiryType | 'all') {
  return useQuery({
    queryKey: ['admin', 'inquiries', token, page, type],
    queryFn: () =>
      adminJson<Page<Inquiry>>(
        token,
        'GET',
        pagedUrl('/api/admin/inquiries', page, { type: type === 'all' ? undefined : type }),
      ),
    placeholderData: keepPreviousData,
  });
}

/** One inquiry in full; the list row shows meanwhile. */
export function useAdminInquiry(token: string, listed: Inquiry | null) {
  return useQuery({
    queryKey: ['admin', 'inquiry', token, listed?.id],
    enabled: listed !== null,
    queryFn: () => adminJson<Inquiry>(token, 'GET', `/api/admin/inquiries/${encodeURIComponent(listed!.id)}`),
    placeholderData: listed ?? undefined,
  });
}
