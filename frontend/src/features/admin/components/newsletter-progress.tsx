import { Text } from '@chakra-ui/react';
import { useTranslation } from '../../../lib/i18n';
import { isUnfinished, type NewsletterCampaign } from '../api/use-admin-newsletters';

/** How far a post's newsletter has gone: still sending, or sent X of Y with the failures. */
export function NewsletterProgress({ campaign }: { campaign: NewsletterCampaign }) {
  const { t } = useTranslation();
  const counts = { sent: campaign.sent, total: campaign.total, failed: campaign.failed };

  return (
    <Text textStyle="sm" color={campaign.failed > 0 ? 'fg.error' : 'fg.muted'} data-testid="newsletter-progress">
      {isUnfinished(campaign) ? t('admin.newsletter.sending', counts) : t('admin.newsletter.sent', counts)}
    </Text>
  );
}
