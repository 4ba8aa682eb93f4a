import { Badge, Box, Button, Stack, Table } from '@chakra-ui/react';
import { SUBSCRIBER_STATUSES, type SubscriberStatus } from '@giftcast/contract/subscribers';
import { Download } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { showToast } from '../../../components/toaster';
import { useAdminSubscribers, useExportSubscribers } from '../api/use-admin-subscribers';
import { formatDateTime } from '../format-date-time';
import { reportFailure } from '../report-failure';
import { useExpireOnUnauthorized } from '../use-expire-on-unauthorized';
import type { AdminSectionProps } from './admin-console-shell';
import { AdminCount } from './admin-count';
import { AdminListStates } from './admin-list-states';
import { AdminPager } from './admin-pager';
import { AdminScreenHeader } from './admin-screen-header';
import { AdminTable } from './admin-table';

const STATUS_COLORS: Record<SubscriberStatus, string> = { pending: 'orange', active: 'green', unsubscribed: 'gray' };

/** Newsletter subscribers, newest first, with the count of each status and a CSV export. */
export function SubscriberList({ token, onSessionExpired }: AdminSectionProps) {
  const { t, i18n } = useTranslation();
  const [page, setPage] = useState(1);
  const subscribers = useAdminSubscribers(token, page);
  const exportCsv = useExportSubscribers(token);
  useExpireOnUnauthorized(subscribers.error, onSessionExpired);
  const items = subscribers.data?.items ?? [];
  const counts = subscribers.data?.counts;

  const onExport = () =>
    exportCsv.mutate(undefined, {
      onSuccess: (fileName) => showToast({ type: 'success', title: t('admin.subscribers.exported', { fileName }) }),
      onError: (error) =>
        reportFailure(error, onSessionExpired, {
          title: t('admin.error'),
          description: t('admin.subscribers.exportFailed'),
        }),
    });

  return (
    <Stack gap="6">
      <AdminScreenHeader
        title={t('admin.subscribers.title')}
        description={t('admin.subscribers.description')}
        action={
          <Button onClick={onExport} loading={exportCsv.isPending} loadingText={t('admin.subscribers.exporting')}>
            <Download aria-hidden />
            {t('admin.subscribers.export')}
          </Button>
        }
      />

      <Box as="dl" display="grid" gridTemplateColumns="repeat(auto-fill, minmax(8rem, 12rem))" gap="3">
        {SUBSCRIBER_STATUSES.map((status) => (
          <AdminCount
            key={status}
            label={t(`admin.subscribers.status.${status}`)}
            value={counts?.[status]}
            testId={`subscriber-count-${status}`}
          />
        ))}
      </Box>

      <AdminListStates
        query={subscribers}
        isEmpty={items.length === 0}
        texts={{
          loading: t('admin.subscribers.loading'),
          fetchFailed: t('admin.subscribers.fetchFailed'),
          empty: t('admin.subscribers.empty'),
        }}
      >
        <AdminTable
          label={t('admin.subscribers.title')}
          columns={
            <>
              <Table.ColumnHeader>{t('admin.subscribers.columns.email')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('admin.subscribers.columns.language')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('admin.subscribers.columns.subscribedAt')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('admin.subscribers.columns.status')}</Table.ColumnHeader>
            </>
          }
        >
          {items.map((subscriber) => (
            <Table.Row key={subscriber.id} data-testid="admin-subscriber">
              <Table.Cell wordBreak="break-all">{subscriber.email}</Table.Cell>
              <Table.Cell>{t(`admin.subscribers.languages.${subscriber.language}`)}</Table.Cell>
              <Table.Cell whiteSpace="nowrap">{formatDateTime(subscriber.subscribedAt, i18n.language)}</Table.Cell>
              <Table.Cell>
                <Badge colorPalette={STATUS_COLORS[subscriber.status]}>
                  {t(`admin.subscribers.status.${subscriber.status}`)}
                </Badge>
              </Table.Cell>
            </Table.Row>
          ))}
        </AdminTable>
      </AdminListStates>

      <AdminPager
        page={page}
        list={subscribers.data}
        label={t('admin.subscribers.pagerLabel')}
        onPageChange={setPage}
      />
    </Stack>
  );
}
