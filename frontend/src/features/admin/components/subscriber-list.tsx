import { Badge, Box, Button, Flex, Heading, Stack, Table, Text } from '@chakra-ui/react';
import { Download } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { LoadingState } from '../../../components/loading-state';
import { showToast } from '../../../components/toaster';
import { isUnauthorized } from '../api/admin-request';
import { useAdminSubscribers, useExportSubscribers } from '../api/use-admin-subscribers';
import { formatDateTime } from '../format-date-time';
import { useExpireOnUnauthorized } from '../use-expire-on-unauthorized';
import { AdminPager } from './admin-pager';

interface SubscriberListProps {
  token: string;
  onSessionExpired: () => void;
}

/** Newsletter subscribers, newest first, with the active / inactive counts and a CSV export. */
export function SubscriberList({ token, onSessionExpired }: SubscriberListProps) {
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
      onError: (error) => {
        if (isUnauthorized(error)) {
          onSessionExpired();
          return;
        }
        showToast({ type: 'error', title: t('admin.error'), description: t('admin.subscribers.exportFailed') });
      },
    });

  return (
    <Stack gap="6">
      <Flex justify="space-between" align="center" gap="4" wrap="wrap">
        <Stack gap="1">
          <Heading as="h1" size="2xl">
            {t('admin.subscribers.title')}
          </Heading>
          <Text color="fg.muted">{t('admin.subscribers.description')}</Text>
        </Stack>
        <Button onClick={onExport} loading={exportCsv.isPending} loadingText={t('admin.subscribers.exporting')}>
          <Download aria-hidden />
          {t('admin.subscribers.export')}
        </Button>
      </Flex>

      <Box as="dl" display="grid" gridTemplateColumns="repeat(2, minmax(0, 12rem))" gap="3">
        {(['active', 'inactive'] as const).map((kind) => (
          <Box key={kind} borderWidth="1px" borderRadius="md" p="3" data-testid={`subscriber-count-${kind}`}>
            <Text as="dt" textStyle="sm" color="fg.muted">
              {t(`admin.subscribers.${kind}`)}
            </Text>
            <Text as="dd" textStyle="2xl" fontWeight="bold">
              {counts?.[kind] ?? '–'}
            </Text>
          </Box>
        ))}
      </Box>

      {subscribers.isLoading ? (
        <LoadingState label={t('admin.subscribers.loading')} />
      ) : subscribers.isError && !isUnauthorized(subscribers.error) ? (
        <Text color="fg.error">{t('admin.subscribers.fetchFailed')}</Text>
      ) : items.length === 0 ? (
        <Text color="fg.muted">{t('admin.subscribers.empty')}</Text>
      ) : (
        <Table.ScrollArea borderWidth="1px" borderRadius="md">
          <Table.Root size="sm" aria-label={t('admin.subscribers.title')}>
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>{t('admin.subscribers.columns.email')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('admin.subscribers.columns.language')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('admin.subscribers.columns.subscribedAt')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('admin.subscribers.columns.status')}</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {items.map((subscriber) => (
                <Table.Row key={subscriber.id} data-testid="admin-subscriber">
                  <Table.Cell wordBreak="break-all">{subscriber.email}</Table.Cell>
                  <Table.Cell>{t(`admin.subscribers.languages.${subscriber.language}`)}</Table.Cell>
                  <Table.Cell whiteSpace="nowrap">{formatDateTime(subscriber.subscribedAt, i18n.language)}</Table.Cell>
                  <Table.Cell>
                    <Badge colorPalette={subscriber.active ? 'green' : 'gray'}>
                      {t(subscriber.active ? 'admin.subscribers.active' : 'admin.subscribers.inactive')}
                    </Badge>
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      )}

      {subscribers.data && (
        <AdminPager
          page={page}
          total={subscribers.data.total}
          pageSize={subscribers.data.pageSize}
          label={t('admin.subscribers.pagerLabel')}
          onPageChange={setPage}
        />
      )}
    </Stack>
  );
}
