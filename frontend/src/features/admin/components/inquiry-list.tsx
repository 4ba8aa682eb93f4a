import { Badge, Button, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import { Eye } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { useAdminInquiries, type Inquiry, type InquiryType } from '../api/use-admin-inquiries';
import { formatDateTime } from '../format-date-time';
import { useExpireOnUnauthorized } from '../use-expire-on-unauthorized';
import type { AdminSectionProps } from './admin-console-shell';
import { AdminFilterButtons } from './admin-filter-buttons';
import { AdminPager } from './admin-pager';
import { AdminRecordList } from './admin-record-list';
import { AdminScreenHeader } from './admin-screen-header';
import { InquiryDetailDialog } from './inquiry-detail-dialog';

const TYPE_FILTERS = ['all', 'contact', 'partner'] as const;

/** Contact and partner inquiries, newest first, each opening in full. */
export function InquiryList({ token, onSessionExpired }: AdminSectionProps) {
  const { t, i18n } = useTranslation();
  const [type, setType] = useState<InquiryType | 'all'>('all');
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<Inquiry | null>(null);
  const inquiries = useAdminInquiries(token, page, type);
  useExpireOnUnauthorized(inquiries.error, onSessionExpired);

  return (
    <Stack gap="6">
      <AdminScreenHeader title={t('admin.inquiries.title')} description={t('admin.inquiries.description')} />

      <AdminFilterButtons
        label={t('admin.inquiries.filterLabel')}
        options={TYPE_FILTERS}
        value={type}
        optionLabel={(value) => t(`admin.inquiries.types.${value}`)}
        onChange={(value) => {
          setType(value);
          setPage(1);
        }}
      />

      <AdminRecordList
        query={inquiries}
        items={inquiries.data?.items ?? []}
        texts={{
          label: t('admin.inquiries.title'),
          loading: t('admin.inquiries.loading'),
          fetchFailed: t('admin.inquiries.fetchFailed'),
          empty: t('admin.inquiries.empty'),
        }}
        testId="admin-inquiry"
        itemKey={(inquiry) => inquiry.id}
        summary={(inquiry) => (
          <>
            <Flex gap="2" align="center" wrap="wrap">
              <Badge colorPalette={inquiry.submissionType === 'partner' ? 'purple' : 'blue'}>
                {t(`admin.inquiries.types.${inquiry.submissionType}`)}
              </Badge>
              <Heading as="h2" size="sm">
                {inquiry.name}
              </Heading>
              <Text textStyle="sm" color="fg.muted">
                {inquiry.email}
              </Text>
            </Flex>
            <Text textStyle="sm" lineClamp={1}>
              {inquiry.message}
            </Text>
            <Text textStyle="xs" color="fg.muted">
              {formatDateTime(inquiry.createdAt, i18n.language)}
            </Text>
          </>
        )}
        actions={(inquiry) => (
          <Button
            size={{ base: 'md', md: 'sm' }}
            variant="outline"
            onClick={() => setOpen(inquiry)}
            aria-label={t('admin.inquiries.viewFrom', { name: inquiry.name })}
          >
            <Eye aria-hidden />
            {t('admin.inquiries.view')}
          </Button>
        )}
      />

      <AdminPager page={page} list={inquiries.data} label={t('admin.inquiries.pagerLabel')} onPageChange={setPage} />

      <InquiryDetailDialog
        token={token}
        inquiry={open}
        onClose={() => setOpen(null)}
        onSessionExpired={onSessionExpired}
      />
    </Stack>
  );
}
