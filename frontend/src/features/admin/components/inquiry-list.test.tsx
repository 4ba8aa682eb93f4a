import { screen, waitFor, within } from '@testing-library/react';
import { changeLanguage } from '../../../lib/i18n';
import { jsonResponse } from '../../../test/fake-fetch';
import { renderWithProviders } from '../../../test/render';
import type { Inquiry } from '../api/use-admin-inquiries';
import { fakeAdminApi, type FakeCall } from '../fake-admin-api';
import { InquiryList } from './inquiry-list';

jest.setTimeout(20_000);

const inquiry = (n: number, overrides: Partial<Inquiry> = {}): Inquiry => ({
  id: `inq-${n}`,
  name: `Sender ${n}`,
  email: `sender${n}@example.com`,
  phone: null,
  message: `Question number ${n}`,
  submissionType: 'contact',
  createdAt: `2026-05-${String(n).padStart(2, '0')}T09:30:00.000Z`,
  ...overrides,
});

// Newest first, as the server sorts them.
const all = [
  inquiry(25, {
    submissionType: 'partner',
    name: 'Flower Shop',
    phone: '010-1234-5678',
    message: 'We would like\nto partner.',
  }),
  ...Array.from({ length: 24 }, (_, i) => inquiry(24 - i)),
];

function list({ url }: FakeCall) {
  const page = Number(url.searchParams.get('page'));
  const pageSize = Number(url.searchParams.get('pageSize'));
  const type = url.searchParams.get('type');
  const matching = all.filter((i) => !type || i.submissionType === type);
  return jsonResponse(200, {
    items: matching.slice((page - 1) * pageSize, page * pageSize),
    total: matching.length,
    page,
    pageSize,
  });
}

const names = () => screen.getAllByTestId('admin-inquiry').map((item) => within(item).getByRole('heading').textContent);
const renderList = () => renderWithProviders(<InquiryList token="token-1" onSessionExpired={jest.fn()} />);

beforeEach(async () => {
  await changeLanguage('en');
});

describe('inquiry list', () => {
  it('lists inquiries newest first, a page at a time from the server', async () => {
    const api = fakeAdminApi({ 'GET /api/admin/inquiries': list });
    const { user } = await renderList();

    await waitFor(() => expect(names()).toHaveLength(20));
    expect(names()[0]).toBe('Flower Shop');
    await user.click(screen.getByRole('button', { name: /Next/ }));
    await waitFor(() => expect(names()).toEqual(['Sender 5', 'Sender 4', 'Sender 3', 'Sender 2', 'Sender 1']));
    expect(api.calls.at(-1)!.url.searchParams.get('page')).toBe('2');
    expect(api.calls.at(-1)!.headers.get('Authorization')).toBe('Bearer token-1');
  });

  it('filters by type on the server', async () => {
    const api = fakeAdminApi({ 'GET /api/admin/inquiries': list });
    const { user } = await renderList();
    await waitFor(() => expect(names()).toHaveLength(20));

    await user.click(
      within(screen.getByRole('group', { name: 'Filter by inquiry type' })).getByRole('button', { name: 'Partner' }),
    );
    await waitFor(() => expect(names()).toEqual(['Flower Shop']));
    expect(api.calls.at(-1)!.url.searchParams.get('type')).toBe('partner');
  });

  it('opens one inquiry with its name, mailto email, phone, message and date', async () => {
    const api = fakeAdminApi({
      'GET /api/admin/inquiries': list,
      'GET /api/admin/inquiries/inq-25': () => jsonResponse(200, all[0]),
    });
    const { user } = await renderList();
    await user.click(await screen.findByRole('button', { name: 'View the inquiry from Flower Shop' }));

    const dialog = await screen.findByRole('dialog', { name: 'Inquiry from Flower Shop' });
    expect(within(dialog).getByRole('link', { name: 'sender25@example.com' })).toHaveAttribute(
      'href',
      'mailto:sender25@example.com',
    );
    expect(within(dialog).getByText('010-1234-5678')).toBeInTheDocument();
    expect(within(dialog).getByTestId('inquiry-message').textContent).toBe('We would like\nto partner.');
    expect(within(dialog).getByText(/May 25, 2026/)).toBeInTheDocument();
    expect(within(dialog).getByText('Partner')).toBeInTheDocument();
    await waitFor(() => expect(api.callsTo('GET', '/api/admin/inquiries/inq-25')).toHaveLength(1));

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('links a hostile stored address to a mail to that address alone: no cc, no subject', async () => {
    // Stored before quoted local parts were refused: its quotes hide a query for the mailto link.
    const address = '"x?cc=attacker@evil.example&subject=Urgent&body=Pay"@example.com';
    const hostile = inquiry(26, { name: 'Mallory', email: address });
    fakeAdminApi({
      'GET /api/admin/inquiries': () => jsonResponse(200, { items: [hostile], total: 1, page: 1, pageSize: 20 }),
      'GET /api/admin/inquiries/inq-26': () => jsonResponse(200, hostile),
    });
    const { user } = await renderList();
    await user.click(await screen.findByRole('button', { name: 'View the inquiry from Mallory' }));

    const dialog = await screen.findByRole('dialog', { name: 'Inquiry from Mallory' });
    const href = await waitFor(() => {
      const link = within(dialog).getByRole('link', { name: address });
      return link.getAttribute('href')!;
    });
    const url = new URL(href);
    expect(url.protocol).toBe('mailto:');
    expect(href).not.toMatch(/[?&#"\s]/);
    expect(url.search).toBe('');
    expect(decodeURIComponent(url.pathname)).toBe(address);
  });

  it('writes dates in the Korean locale in Korean', async () => {
    await changeLanguage('ko');
    fakeAdminApi({ 'GET /api/admin/inquiries': list });
    await renderList();
    await waitFor(() => expect(names()).toHaveLength(20));
    expect(within(screen.getAllByTestId('admin-inquiry')[0]).getByText(/2026\. 5\. 25\./)).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: '문의 내역' })).toBeInTheDocument();
  });
});
