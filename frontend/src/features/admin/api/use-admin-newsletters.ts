import { useQuery } from '@tanstack/react-query';
import { MAX_PAGE_SIZE, pagedUrl, type Page } from './admin-page';
import { adminJson } from './admin-request';

/** One post's newsletter campaign. */
export interface NewsletterCampaign {
  postId: string;
  slug: string;
  title: string;
  total: number;
  sent: number;
  failed: number;
  skipped: number;
  pending: number;
  startedAt: string;
  finishedAt: string | null;
}

export const NEWSLETTER_REFRESH_MS = 2000;

export const isUnfinished = (campaign: NewsletterCampaign) => campaign.finishedAt === null || campaign.pending > 0;

/**
 * The latest campaigns, newest first, refreshed every 2 s only while one is still sending. The
 * posts list is one page, so one page of campaigns covers it.
 */
export function useAdminNewsletters(token: string) {
  return useQuery({
    queryKey: ['admin', 'newsletters', token],
    queryFn: () =>
      adminJson<Page<NewsletterCampaign>>(token, 'GET', pagedUrl('/api/admin/newsletters', 1, {}, MAX_PAGE_SIZE)),
    refetchInterval: (query) => (query.state.data?.items.some(isUnfinished) ? NEWSLETTER_REFRESH_MS : false),
  });
}
