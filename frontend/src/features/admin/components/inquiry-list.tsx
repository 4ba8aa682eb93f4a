import { Badge, Button, Card, Flex, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { Eye } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadingState } from '../../../components/loading-state';
import { isUnauthorized } from '../api/admin-request';
import { useAdminInquiries, type Inquiry, type InquiryType } from '../api/use-admin-inquiries';
import { formatDateTime } from '../format-date-time';
import { useExpireOnUnauthorized } from '../use-expire-on-unauthorized';
import { AdminPager } from './admin-pager';
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

      {inquiries.isLoading ? (
        <LoadingState label={t('admin.inquiries.loading')} />
      ) : inquiries.isError && !isUnauthorized(inquiries.error) ? (
        <Text color="fg.error">{t('admin.inquiries.fetchFailed')}</Text>
      ) : items.length === 0 ? (
        <Text color="fg.muted">{t('admin.inquiries.empty')}</Text>
      ) : (
        <Stack as="ul" gap="3" listStyleType="none" aria-label={t('admin.inquiries.title')}>
          {items.map((inquiry) => (
            <Card.Root as="li" key={inquiry.id} size="sm" variant="outline" data-testid="admin-inquiry">
              <Card.Body>
                <Flex
                  gap="3"
                  justify="space-between"
                  align={{ base: 'stretch', md: 'center' }}
                  direction={{ base: 'column', md: 'row' }}
                >
                  <Stack gap="1" minW="0">
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
                  </Stack>
                  <Button
                    size={{ base: 'md', md: 'sm' }}
                    variant="outline"
                    flexShrink={0}
                    onClick={() => setOpen(inquiry)}
                    aria-label={t('admin.inquiries.viewFrom', { name: inquiry.name })}
                  >
                    <Eye aria-hidden />
                    {t('admin.inquiries.view')}
                  </Button>
                </Flex>
              </Card.Body>
            </Card.Root>
          ))}
        </Stack>
      )}

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
