import { useQuery } from '@tanstack/react-query';
import { api, dataOf, type ApiSchemas } from '../../../lib/api-client';
import { MAX_PAGE_SIZE, pageQuery } from './admin-page';
import { bearer } from './admin-request';

/** One post's newsletter campaign. */
export type NewsletterCampaign = ApiSchemas['NewsletterProgress'];

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
      dataOf(
        api.GET('/api/admin/newsletters', { params: { query: pageQuery(1, MAX_PAGE_SIZE) }, headers: bearer(token) }),
      ),
    refetchInterval: (query) => (query.state.data?.items.some(isUnfinished) ? NEWSLETTER_REFRESH_MS : false),
  });
}
