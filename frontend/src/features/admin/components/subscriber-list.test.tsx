import { screen, waitFor, within } from '@testing-library/react';
import { changeLanguage } from '../../../lib/i18n';
import { jsonResponse } from '../../../test/fake-fetch';
import { renderWithProviders } from '../../../test/render';
import type { Subscriber } from '../api/use-admin-subscribers';
import { fakeAdminApi, type FakeCall } from '../fake-admin-api';
import { SubscriberList } from './subscriber-list';

jest.setTimeout(20_000);

const subscriber = (n: number, status: Subscriber['status'] = 'active'): Subscriber => ({
  id: `s${n}`,
  email: `reader${n}@example.com`,
  language: n % 2 === 0 ? 'en' : 'ko',
  status,
  subscribedAt: `2026-06-${String(n).padStart(2, '0')}T08:00:00.000Z`,
});

const all = Array.from({ length: 22 }, (_, i) =>
  subscriber(22 - i, i === 3 ? 'unsubscribed' : i === 1 ? 'pending' : 'active'),
);

function list({ url }: FakeCall) {
  const page = Number(url.searchParams.get('page'));
  const pageSize = Number(url.searchParams.get('pageSize'));
  return jsonResponse(200, {
    items: all.slice((page - 1) * pageSize, page * pageSize),
    total: all.length,
    page,
    pageSize,
    counts: { pending: 1, active: 20, unsubscribed: 1 },
  });
}

const emails = () => screen.getAllByTestId('admin-subscriber').map((row) => row.querySelector('td')!.textContent);

beforeEach(async () => {
  await changeLanguage('en');
});

describe('subscriber list', () => {
  it('shows the count of each status and a server page of subscribers with language, date and status', async () => {
    const api = fakeAdminApi({ 'GET /api/admin/subscribers': list });
    const { user } = await renderWithProviders(<SubscriberList token="token-1" onSessionExpired={jest.fn()} />);

    await waitFor(() => expect(emails()).toHaveLength(20));
    expect(
      within(screen.getByTestId('subscriber-count-pending')).getByText('Awaiting confirmation'),
    ).toBeInTheDocument();
    expect(within(screen.getByTestId('subscriber-count-pending')).getByText('1')).toBeInTheDocument();
    expect(within(screen.getByTestId('subscriber-count-active')).getByText('20')).toBeInTheDocument();
    expect(within(screen.getByTestId('subscriber-count-unsubscribed')).getByText('1')).toBeInTheDocument();
    const first = screen.getAllByTestId('admin-subscriber')[0];
    expect(within(first).getByText('reader22@example.com')).toBeInTheDocument();
    expect(within(first).getByText('English')).toBeInTheDocument();
    expect(within(first).getByText(/Jun 22, 2026/)).toBeInTheDocument();
    const rows = screen.getAllByTestId('admin-subscriber');
    expect(within(rows[0]).getByText('Active')).toBeInTheDocument();
    expect(within(rows[1]).getByText('Awaiting confirmation')).toBeInTheDocument();
    expect(within(rows[3]).getByText('Unsubscribed')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: /Next/ }));
    await waitFor(() => expect(emails()).toEqual(['reader2@example.com', 'reader1@example.com']));
    expect(api.calls.at(-1)!.url.searchParams.get('page')).toBe('2');
  });

  it('names each status in Korean too', async () => {
    await changeLanguage('ko');
    fakeAdminApi({ 'GET /api/admin/subscribers': list });
    await renderWithProviders(<SubscriberList token="token-1" onSessionExpired={jest.fn()} />);

    await waitFor(() => expect(emails()).toHaveLength(20));
    const rows = screen.getAllByTestId('admin-subscriber');
    expect(within(rows[0]).getByText('구독 중')).toBeInTheDocument();
    expect(within(rows[1]).getByText('확인 대기')).toBeInTheDocument();
    expect(within(rows[3]).getByText('구독 해지')).toBeInTheDocument();
    expect(within(screen.getByTestId('subscriber-count-pending')).getByText('확인 대기')).toBeInTheDocument();
  });

  it('downloads the CSV through the authenticated call and saves it under its file name', async () => {
    const csv = 'email,language,status,subscribedAt\r\n"reader1@example.com","ko","active","2026-06-01"\r\n';
    const api = fakeAdminApi({
      'GET /api/admin/subscribers': list,
      'GET /api/admin/subscribers/export.csv': () =>
        new Response(csv, {
          status: 200,
          headers: {
            'Content-Type': 'text/csv',
            'Content-Disposition': 'attachment; filename="giftcast-subscribers.csv"',
          },
        }),
    });
    const saved: { name: string; blob: Blob }[] = [];
    let lastBlob: Blob | undefined;
    URL.createObjectURL = jest.fn((blob: Blob) => {
      lastBlob = blob;
      return 'blob:csv';
    });
    URL.revokeObjectURL = jest.fn();
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ name: this.download, blob: lastBlob! });
    });
    const { user } = await renderWithProviders(<SubscriberList token="token-1" onSessionExpired={jest.fn()} />);
    await waitFor(() => expect(emails()).toHaveLength(20));

    await user.click(screen.getByRole('button', { name: 'Export CSV' }));

    expect(await screen.findByText('Saved giftcast-subscribers.csv')).toBeInTheDocument();
    expect(saved.map((file) => file.name)).toEqual(['giftcast-subscribers.csv']);
    expect(await saved[0].blob.text()).toBe(csv);
    expect(api.callsTo('GET', '/api/admin/subscribers/export.csv')[0].headers.get('Authorization')).toBe(
      'Bearer token-1',
    );
  });
});
