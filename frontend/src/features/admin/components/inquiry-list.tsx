import { Badge, Button, Flex, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { Eye } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { useAdminInquiries, type Inquiry, type InquiryType } from '../api/use-admin-inquiries';
import { formatDateTime } from '../format-date-time';
import { useExpireOnUnauthorized } from '../use-expire-on-unauthorized';
import { AdminPager } from './admin-pager';
import { AdminRecordList } from './admin-record-list';
import { InquiryDetailDialog } from './inquiry-detail-dialog';

const TYPE_FILTERS = ['all', 'contact', 'partner'] as const;

interface InquiryListProps {
  token: string;
  onSessionExpired: () => void;
}

/** Contact and partner inquiries, newest first, each opening in full. */
export function InquiryList({ token, onSessionExpired }: InquiryListProps) {
  const { t, i18n } = useTranslation();
  const [type, setType] = useState<InquiryType | 'all'>('all');
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<Inquiry | null>(null);
  const inquiries = useAdminInquiries(token, page, type);
  useExpireOnUnauthorized(inquiries.error, onSessionExpired);
  const items = inquiries.data?.items ?? [];

  return (
    <Stack gap="6">
      <Stack gap="1">
        <Heading as="h1" size="2xl">
          {t('admin.inquiries.title')}
        </Heading>
        <Text color="fg.muted">{t('admin.inquiries.description')}</Text>
      </Stack>

      <HStack role="group" aria-label={t('admin.inquiries.filterLabel')} gap="1" wrap="wrap">
        {TYPE_FILTERS.map((value) => (
          <Button
            key={value}
            size={{ base: 'md', md: 'sm' }}
            variant={type === value ? 'solid' : 'outline'}
            aria-pressed={type === value}
            onClick={() => {
              setType(value);
              setPage(1);
            }}
          >
            {t(`admin.inquiries.types.${value}`)}
          </Button>
        ))}
      </HStack>

      <AdminRecordList
        query={inquiries}
        items={items}
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

      {inquiries.data && (
        <AdminPager
          page={page}
          total={inquiries.data.total}
          pageSize={inquiries.data.pageSize}
          label={t('admin.inquiries.pagerLabel')}
          onPageChange={setPage}
        />
      )}

      <InquiryDetailDialog
        token={token}
        inquiry={open}
        onClose={() => setOpen(null)}
        onSessionExpired={onSessionExpired}
      />
    </Stack>
  );
}
