import { screen, waitFor, within } from '@testing-library/react';
import { changeLanguage } from '../../../lib/i18n';
import { fakeResponse, jsonResponse } from '../../../test/fake-fetch';
import { renderWithProviders } from '../../../test/render';
import type { AdminQrCode, QrPool, QrStatus } from '../api/use-admin-qr';
import { fakeAdminApi, type FakeCall } from '../fake-admin-api';
import { readQrSelection } from '../qr-selection';
import { QrCodeManager } from './qr-code-manager';

jest.setTimeout(20_000);

const code = (serial: number, status: QrStatus = 'unused', pool: QrPool = 'try'): AdminQrCode => {
  const serialNumber = String(serial).padStart(4, '0');
  return {
    id: `id-${serialNumber}`,
    serialNumber,
    qrToken: `tok-${serialNumber}`,
    status,
    pool,
    takenAt: null,
    createdAt: '2026-03-04T05:06:00.000Z',
    updatedAt: '2026-03-04T05:06:00.000Z',
  };
};

const counts = { unused: 30, recorded: 1, expired: 2, disabled: 3 };

/** The list the server would answer for the call's filter and page, over these codes. */
function listFrom(codes: AdminQrCode[]) {
  return ({ url }: FakeCall) => {
    const page = Number(url.searchParams.get('page'));
    const pageSize = Number(url.searchParams.get('pageSize'));
    const status = url.searchParams.get('status');
    const pool = url.searchParams.get('pool');
    const serial = url.searchParams.get('serial');
    const matching = codes.filter(
      (c) =>
        (!status || c.status === status) && (!pool || c.pool === pool) && (!serial || c.serialNumber.includes(serial)),
    );
    return jsonResponse(200, {
      items: matching.slice((page - 1) * pageSize, page * pageSize),
      total: matching.length,
      page,
      pageSize,
      counts,
    });
  };
}

const codes = [...Array.from({ length: 25 }, (_, i) => code(500 + i)), code(600, 'recorded'), code(601, 'disabled')];
const printCodes = [code(700, 'unused', 'print'), code(701, 'recorded', 'print')];

const onSessionExpired = jest.fn();
const renderManager = () =>
  renderWithProviders(<QrCodeManager token="token-1" onSessionExpired={onSessionExpired} />, { url: '/admin/qr' });
const serials = () => screen.getAllByTestId('qr-row').map((row) => row.getAttribute('data-serial'));

beforeEach(async () => {
  sessionStorage.clear();
  await changeLanguage('en');
});

describe('QR code manager', () => {
  it('shows the counts per status and the first page of codes, asked with the bearer token', async () => {
    const api = fakeAdminApi({ 'GET /api/admin/qr': listFrom(codes) });
    await renderManager();

    expect(await screen.findAllByTestId('qr-row')).toHaveLength(20);
    expect(within(screen.getByTestId('qr-count-unused')).getByText('30')).toBeInTheDocument();
    expect(within(screen.getByTestId('qr-count-disabled')).getByText('3')).toBeInTheDocument();
    expect(within(screen.getByTestId('qr-count-all')).getByText('36')).toBeInTheDocument();
    const [first] = api.callsTo('GET', '/api/admin/qr');
    expect(first.headers.get('Authorization')).toBe('Bearer token-1');
    expect(first.url.searchParams.get('page')).toBe('1');
    expect(first.url.searchParams.has('status')).toBe(false);
    expect(first.url.searchParams.has('pool')).toBe(false);
  });

  it('pages on the server', async () => {
    const api = fakeAdminApi({ 'GET /api/admin/qr': listFrom(codes) });
    const { user } = await renderManager();
    await screen.findAllByTestId('qr-row');

    await user.click(screen.getByRole('button', { name: /Next/ }));

    await waitFor(() => expect(serials()).toEqual(['0520', '0521', '0522', '0523', '0524', '0600', '0601']));
    expect(api.calls.at(-1)!.url.searchParams.get('page')).toBe('2');
    expect(screen.getByText('Page 2 of 2 (27 in all)')).toBeInTheDocument();
  });

  it('filters by status and searches by serial on the server', async () => {
    const api = fakeAdminApi({ 'GET /api/admin/qr': listFrom(codes) });
    const { user } = await renderManager();
    await screen.findAllByTestId('qr-row');

    await user.click(
      within(screen.getByRole('group', { name: 'Filter by status' })).getByRole('button', { name: 'Disabled' }),
    );
    await waitFor(() => expect(serials()).toEqual(['0601']));
    expect(api.calls.at(-1)!.url.searchParams.get('status')).toBe('disabled');

    await user.click(
      within(screen.getByRole('group', { name: 'Filter by status' })).getByRole('button', { name: 'All' }),
    );
    await user.type(screen.getByLabelText('Serial number (digits)'), '#05-12');
    expect(screen.getByLabelText('Serial number (digits)')).toHaveValue('0512');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(serials()).toEqual(['0512']));
    expect(api.calls.at(-1)!.url.searchParams.get('serial')).toBe('0512');
    expect(api.calls.at(-1)!.url.searchParams.has('status')).toBe(false);
  });

  it("shows each code's pool and filters by pool on the server, with the status filter", async () => {
    const api = fakeAdminApi({ 'GET /api/admin/qr': listFrom([...codes, ...printCodes]) });
    const { user } = await renderManager();
    await screen.findAllByTestId('qr-row');
    const firstRow = screen.getAllByTestId('qr-row')[0];
    expect(within(firstRow).getByText('Try page (/try)')).toBeInTheDocument();
    const pools = () => within(screen.getByRole('group', { name: 'Filter by pool' }));

    await user.click(pools().getByRole('button', { name: 'Print (stickers)' }));
    await waitFor(() => expect(serials()).toEqual(['0700', '0701']));
    expect(api.calls.at(-1)!.url.searchParams.get('pool')).toBe('print');
    expect(pools().getByRole('button', { name: 'Print (stickers)' })).toHaveAttribute('aria-pressed', 'true');
    for (const row of screen.getAllByTestId('qr-row')) {
      expect(within(row).getByText('Print (stickers)')).toBeInTheDocument();
    }

    await user.click(
      within(screen.getByRole('group', { name: 'Filter by status' })).getByRole('button', { name: 'Recorded' }),
    );
    await waitFor(() => expect(serials()).toEqual(['0701']));
    expect(api.calls.at(-1)!.url.searchParams.get('status')).toBe('recorded');
    expect(api.calls.at(-1)!.url.searchParams.get('pool')).toBe('print');

    await user.click(pools().getByRole('button', { name: 'Try page (/try)' }));
    await waitFor(() => expect(serials()).toEqual(['0600']));
    await user.click(pools().getByRole('button', { name: 'All pools' }));
    await waitFor(() => expect(serials()).toEqual(['0600', '0701']));
    expect(api.calls.at(-1)!.url.searchParams.has('pool')).toBe(false);
  });

  it('disables an unused code and enables a disabled one; other statuses offer no change', async () => {
    const api = fakeAdminApi({
      'GET /api/admin/qr': listFrom(codes),
      'PATCH /api/admin/qr/id-0500': () => jsonResponse(200, { ...code(500), status: 'disabled' }),
      'PATCH /api/admin/qr/id-0601': () => jsonResponse(200, { ...code(601), status: 'unused' }),
    });
    const { user } = await renderManager();
    await screen.findAllByTestId('qr-row');

    await user.click(screen.getByRole('button', { name: 'Disable QR #0500' }));
    expect(await screen.findByText('QR #0500 is disabled')).toBeInTheDocument();
    expect(api.callsTo('PATCH', '/api/admin/qr/id-0500')[0].body).toEqual({ status: 'disabled' });

    await user.click(screen.getByRole('button', { name: /Next/ }));
    await user.click(await screen.findByRole('button', { name: 'Enable QR #0601' }));
    expect(await screen.findByText('QR #0601 is available again')).toBeInTheDocument();
    expect(api.callsTo('PATCH', '/api/admin/qr/id-0601')[0].body).toEqual({ status: 'unused' });

    const recordedRow = screen.getAllByTestId('qr-row').find((row) => row.dataset.serial === '0600')!;
    expect(within(recordedRow).queryByRole('button')).toBeNull();
    expect(within(recordedRow).getByText('Not changeable')).toBeInTheDocument();
  });

  it('shows the server message when a status change is refused', async () => {
    fakeAdminApi({
      'GET /api/admin/qr': listFrom(codes),
      'PATCH /api/admin/qr/id-0500': () =>
        fakeResponse(409, JSON.stringify({ statusCode: 409, error: 'This code was just recorded' })),
    });
    const { user } = await renderManager();
    await user.click(await screen.findByRole('button', { name: 'Disable QR #0500' }));

    expect(await screen.findByText('Failed to change the status')).toBeInTheDocument();
    expect(screen.getByText('This code was just recorded')).toBeInTheDocument();
  });

  it('rejects a count outside 1-1000 without calling, and generates the next N codes', async () => {
    const api = fakeAdminApi({
      'GET /api/admin/qr': listFrom(codes),
      'POST /api/admin/qr': () => jsonResponse(201, { items: [code(602), code(603), code(604)] }),
    });
    const { user } = await renderManager();
    await screen.findAllByTestId('qr-row');
    const count = screen.getByLabelText('How many (1-1000)');

    for (const bad of ['0', '1001', '2.5']) {
      await user.clear(count);
      await user.type(count, bad);
      await user.click(screen.getByRole('button', { name: 'Generate' }));
      expect(await screen.findByText('Enter a number from 1 to 1000')).toBeInTheDocument();
    }
    expect(api.callsTo('POST', '/api/admin/qr')).toHaveLength(0);

    const listCalls = api.callsTo('GET', '/api/admin/qr').length;
    await user.clear(count);
    await user.type(count, '3');
    await user.click(screen.getByRole('button', { name: 'Generate' }));

    expect(await screen.findByText('3 new QR codes generated')).toBeInTheDocument();
    expect(screen.getByText('#0602 to #0604 · Print (stickers)')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/admin/qr')[0].body).toEqual({ count: 3, pool: 'print' });
    // The list is asked again, so the new codes show.
    await waitFor(() => expect(api.callsTo('GET', '/api/admin/qr').length).toBeGreaterThan(listCalls));
  });

  it('generates print codes unless the /try pool is chosen', async () => {
    const api = fakeAdminApi({
      'GET /api/admin/qr': listFrom(codes),
      'POST /api/admin/qr': ({ body }) => {
        const { pool } = body as { pool: QrPool };
        return jsonResponse(201, { items: [code(602, 'unused', pool)] });
      },
    });
    const { user } = await renderManager();
    await screen.findAllByTestId('qr-row');
    const pool = within(screen.getByRole('group', { name: 'Pool' }));
    expect(pool.getByRole('radio', { name: 'Print (stickers)' })).toBeChecked();
    expect(pool.getByRole('radio', { name: 'Print (stickers)' })).toHaveAccessibleDescription(
      'For stickers you print and sell; never offered on /try',
    );
    expect(pool.getByRole('radio', { name: 'Try page (/try)' })).not.toBeChecked();

    await user.click(pool.getByRole('radio', { name: 'Try page (/try)' }));
    await user.clear(screen.getByLabelText('How many (1-1000)'));
    await user.type(screen.getByLabelText('How many (1-1000)'), '1');
    await user.click(screen.getByRole('button', { name: 'Generate' }));

    expect(await screen.findByText('#0602 to #0602 · Try page (/try)')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/admin/qr')[0].body).toEqual({ count: 1, pool: 'try' });
  });

  it('selects codes one by one or a page at a time and opens the print sheet with them', async () => {
    fakeAdminApi({ 'GET /api/admin/qr': listFrom(codes) });
    const { user, router } = await renderManager();
    await screen.findAllByTestId('qr-row');
    expect(screen.getByRole('button', { name: 'Print selected codes' })).toBeDisabled();

    await user.click(screen.getByRole('checkbox', { name: 'Select QR #0503' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select QR #0501' }));
    expect(screen.getByText('Codes selected for printing: 2')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Print selected codes' }));
    expect(router.state.location.pathname).toBe('/admin/qr/print');
    expect(router.state.location.search).toBe(`?ids=${encodeURIComponent('id-0501,id-0503')}`);
    expect(readQrSelection().map((c) => c.serialNumber)).toEqual(['0503', '0501']);

    await user.click(screen.getByRole('checkbox', { name: 'Select every code on this page' }));
    expect(screen.getByText('Codes selected for printing: 20')).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Select every code on this page' }));
    expect(screen.getByText('Codes selected for printing: 0')).toBeInTheDocument();
  });

  it('reports a rejected token so the login form comes back', async () => {
    fakeAdminApi({ 'GET /api/admin/qr': () => fakeResponse(401, JSON.stringify({ statusCode: 401, error: 'x' })) });
    await renderManager();
    await waitFor(() => expect(onSessionExpired).toHaveBeenCalled());
  });

  it('speaks Korean', async () => {
    await changeLanguage('ko');
    fakeAdminApi({ 'GET /api/admin/qr': listFrom(codes) });
    await renderManager();
    await screen.findAllByTestId('qr-row');
    expect(screen.getByRole('heading', { level: 1, name: 'QR 코드 관리' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'QR #0500 사용 중지' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: '인쇄용' })).toBeChecked();
    expect(
      within(screen.getByRole('group', { name: '용도로 거르기' })).getByRole('button', { name: '체험용 (/try)' }),
    ).toBeInTheDocument();
  });
});
