import { Badge, Box, Button, chakra, Flex, Heading, Input, Stack, Table, Text } from '@chakra-ui/react';
import { Ban, Printer, RotateCcw, X } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { useNavigate } from 'react-router-dom';
import { showToast } from '../../../components/toaster';
import { errorMessage } from '../../../lib/api-client';
import {
  QR_POOLS,
  QR_STATUSES,
  useAdminQrCodes,
  useSetQrStatus,
  type AdminQrCode,
  type QrFilter,
  type QrPool,
  type QrStatus,
} from '../api/use-admin-qr';
import { formatDateTime } from '../format-date-time';
import { printSheetPath, readQrSelection, writeQrSelection, type PrintableQrCode } from '../qr-selection';
import { reportFailure } from '../report-failure';
import { useExpireOnUnauthorized } from '../use-expire-on-unauthorized';
import type { AdminSectionProps } from './admin-console-shell';
import { AdminCount } from './admin-count';
import { AdminFilterButtons } from './admin-filter-buttons';
import { AdminListStates } from './admin-list-states';
import { AdminPager } from './admin-pager';
import { AdminScreenHeader } from './admin-screen-header';
import { AdminSearchForm } from './admin-search-form';
import { AdminTable } from './admin-table';
import { QrGenerateForm } from './qr-generate-form';

const STATUS_COLORS: Record<QrStatus, string> = {
  unused: 'green',
  recorded: 'blue',
  expired: 'gray',
  disabled: 'red',
};

const POOL_COLORS: Record<QrPool, string> = {
  try: 'purple',
  print: 'gray',
};

const FILTERS = ['all', ...QR_STATUSES] as const;
const POOL_FILTERS = ['all', ...QR_POOLS] as const;

/** Every QR code: counts, generating, disabling and picking codes for a sticker sheet, by pool. */
export function QrCodeManager({ token, onSessionExpired }: AdminSectionProps) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [filter, setFilter] = useState<QrFilter>({ status: 'all', pool: 'all', serial: '', page: 1 });
  const [serialInput, setSerialInput] = useState('');
  const codes = useAdminQrCodes(token, filter);
  const setStatus = useSetQrStatus(token);
  const [selection, setSelection] = useState<PrintableQrCode[]>(readQrSelection);
  useExpireOnUnauthorized(codes.error, onSessionExpired);

  const selectedIds = new Set(selection.map((code) => code.id));
  const pageItems = codes.data?.items ?? [];
  const allPageSelected = pageItems.length > 0 && pageItems.every((code) => selectedIds.has(code.id));

  const updateSelection = (next: PrintableQrCode[]) => {
    setSelection(next);
    writeQrSelection(next);
  };
  const toPrintable = ({ id, serialNumber, qrToken }: AdminQrCode): PrintableQrCode => ({ id, serialNumber, qrToken });
  const toggle = (code: AdminQrCode) =>
    updateSelection(
      selectedIds.has(code.id) ? selection.filter((c) => c.id !== code.id) : [...selection, toPrintable(code)],
    );
  const togglePage = () =>
    updateSelection(
      allPageSelected
        ? selection.filter((c) => !pageItems.some((code) => code.id === c.id))
        : [...selection, ...pageItems.filter((code) => !selectedIds.has(code.id)).map(toPrintable)],
    );

  const changeStatus = (code: AdminQrCode) => {
    const status = code.status === 'disabled' ? 'unused' : 'disabled';
    setStatus.mutate(
      { id: code.id, status },
      {
        onSuccess: () =>
          showToast({
            type: 'success',
            title: t(status === 'disabled' ? 'admin.qr.disabledToast' : 'admin.qr.enabledToast', {
              serial: code.serialNumber,
            }),
          }),
        onError: (error) =>
          reportFailure(error, onSessionExpired, {
            title: t('admin.qr.statusFailed'),
            description: errorMessage(error) ?? t('admin.tryAgain'),
          }),
      },
    );
  };

  const counts = codes.data?.counts;
  const totalCount = counts ? QR_STATUSES.reduce((sum, status) => sum + counts[status], 0) : undefined;

  return (
    <Stack gap="8">
      <AdminScreenHeader title={t('admin.qr.title')} description={t('admin.qr.description')} />

      <Box as="dl" display="grid" gridTemplateColumns={{ base: 'repeat(2, 1fr)', md: 'repeat(5, 1fr)' }} gap="3">
        {FILTERS.map((status) => (
          <AdminCount
            key={status}
            label={t(`admin.qr.status.${status}`)}
            value={status === 'all' ? totalCount : counts?.[status]}
            testId={`qr-count-${status}`}
          />
        ))}
      </Box>

      <Stack as="section" gap="3" aria-labelledby="qr-generate-heading">
        <Heading as="h2" size="lg" id="qr-generate-heading">
          {t('admin.qr.generate.heading')}
        </Heading>
        <QrGenerateForm token={token} onSessionExpired={onSessionExpired} />
      </Stack>

      <Stack as="section" gap="4" aria-labelledby="qr-list-heading">
        <Heading as="h2" size="lg" id="qr-list-heading">
          {t('admin.qr.listHeading')}
        </Heading>
        <Flex gap="4" wrap="wrap" align="flex-end" justify="space-between">
          <Stack gap="2">
            <AdminFilterButtons
              label={t('admin.qr.filterLabel')}
              options={FILTERS}
              value={filter.status}
              optionLabel={(status) => t(`admin.qr.status.${status}`)}
              onChange={(status) => setFilter((current) => ({ ...current, status, page: 1 }))}
            />
            <AdminFilterButtons
              label={t('admin.qr.poolFilterLabel')}
              options={POOL_FILTERS}
              value={filter.pool}
              optionLabel={(pool) => t(`admin.qr.pool.${pool}`)}
              onChange={(pool) => setFilter((current) => ({ ...current, pool, page: 1 }))}
            />
          </Stack>
          <AdminSearchForm
            label={t('admin.qr.searchLabel')}
            onSearch={() => setFilter((current) => ({ ...current, serial: serialInput, page: 1 }))}
          >
            <Input
              aria-label={t('admin.qr.serialSearch')}
              placeholder={t('admin.qr.serialPlaceholder')}
              inputMode="numeric"
              maxW="12rem"
              value={serialInput}
              // The API searches digits only; anything else could never match.
              onChange={(event) => setSerialInput(event.target.value.replace(/\D/g, '').slice(0, 18))}
            />
          </AdminSearchForm>
        </Flex>

        <Flex
          gap="3"
          align="center"
          wrap="wrap"
          bg="bg.muted"
          borderRadius="md"
          px="4"
          py="3"
          data-testid="qr-selection-bar"
        >
          <Text flex="1" aria-live="polite">
            {t('admin.qr.selected', { count: selection.length })}
          </Text>
          <Button variant="outline" disabled={selection.length === 0} onClick={() => updateSelection([])}>
            <X aria-hidden />
            {t('admin.qr.clearSelection')}
          </Button>
          <Button disabled={selection.length === 0} onClick={() => void navigate(printSheetPath(selection))}>
            <Printer aria-hidden />
            {t('admin.qr.printSelected')}
          </Button>
        </Flex>

        <AdminListStates
          query={codes}
          isEmpty={pageItems.length === 0}
          texts={{
            loading: t('admin.qr.loading'),
            fetchFailed: t('admin.qr.fetchFailed'),
            empty: t('admin.qr.empty'),
          }}
        >
          <AdminTable
            label={t('admin.qr.listHeading')}
            columns={
              <>
                <Table.ColumnHeader width="1">
                  <CheckboxCell label={t('admin.qr.selectPage')} checked={allPageSelected} onChange={togglePage} />
                </Table.ColumnHeader>
                <Table.ColumnHeader>{t('admin.qr.columns.serial')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('admin.qr.columns.status')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('admin.qr.columns.pool')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('admin.qr.columns.created')}</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">{t('admin.qr.columns.action')}</Table.ColumnHeader>
              </>
            }
          >
            {pageItems.map((code) => (
              <Table.Row key={code.id} data-testid="qr-row" data-serial={code.serialNumber} data-pool={code.pool}>
                <Table.Cell>
                  <CheckboxCell
                    label={t('admin.qr.selectCode', { serial: code.serialNumber })}
                    checked={selectedIds.has(code.id)}
                    onChange={() => toggle(code)}
                  />
                </Table.Cell>
                <Table.Cell fontWeight="semibold" fontVariantNumeric="tabular-nums">
                  #{code.serialNumber}
                </Table.Cell>
                <Table.Cell>
                  <Badge colorPalette={STATUS_COLORS[code.status]}>{t(`admin.qr.status.${code.status}`)}</Badge>
                </Table.Cell>
                <Table.Cell>
                  <Badge variant="outline" colorPalette={POOL_COLORS[code.pool]}>
                    {t(`admin.qr.pool.${code.pool}`)}
                  </Badge>
                </Table.Cell>
                <Table.Cell whiteSpace="nowrap">{formatDateTime(code.createdAt, i18n.language)}</Table.Cell>
                <Table.Cell textAlign="end">
                  {code.status === 'unused' || code.status === 'disabled' ? (
                    <Button
                      size={{ base: 'md', md: 'xs' }}
                      variant="outline"
                      colorPalette={code.status === 'unused' ? 'red' : undefined}
                      loading={setStatus.isPending && setStatus.variables?.id === code.id}
                      onClick={() => changeStatus(code)}
                      aria-label={t(code.status === 'unused' ? 'admin.qr.disableCode' : 'admin.qr.enableCode', {
                        serial: code.serialNumber,
                      })}
                    >
                      {code.status === 'unused' ? <Ban aria-hidden /> : <RotateCcw aria-hidden />}
                      {t(code.status === 'unused' ? 'admin.qr.disable' : 'admin.qr.enable')}
                    </Button>
                  ) : (
                    <Text as="span" color="fg.muted" title={t('admin.qr.notChangeable')}>
                      {t('admin.qr.notChangeable')}
                    </Text>
                  )}
                </Table.Cell>
              </Table.Row>
            ))}
          </AdminTable>
        </AdminListStates>

        <AdminPager
          page={filter.page}
          list={codes.data}
          label={t('admin.qr.pagerLabel')}
          onPageChange={(page) => setFilter((current) => ({ ...current, page }))}
        />
      </Stack>
    </Stack>
  );
}

interface CheckboxCellProps {
  label: string;
  checked: boolean;
  onChange: () => void;
}

/** A native checkbox inside a label padded to a 44 px tap target. */
function CheckboxCell({ label, checked, onChange }: CheckboxCellProps) {
  return (
    <chakra.label
      display="inline-flex"
      alignItems="center"
      justifyContent="center"
      minW="11"
      minH="11"
      cursor="pointer"
    >
      <chakra.input
        type="checkbox"
        boxSize="5"
        accentColor="colorPalette.solid"
        aria-label={label}
        checked={checked}
        onChange={onChange}
      />
    </chakra.label>
  );
}
