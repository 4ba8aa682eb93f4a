import { screen, waitFor, within } from '@testing-library/react';
import { changeLanguage } from '../../../lib/i18n';
import { fakeResponse, jsonResponse } from '../../../test/fake-fetch';
import { renderApp } from '../../../test/render';
import { ADMIN_TOKEN_STORAGE_KEY } from '../api/use-admin-session';
import { fakeAdminApi, logInStored } from '../fake-admin-api';

jest.setTimeout(20_000);

const emptyPage = () => jsonResponse(200, { items: [], total: 0, page: 1, pageSize: 20 });
const api = () =>
  fakeAdminApi({
    'GET /api/admin/posts': emptyPage,
    'GET /api/admin/newsletters': emptyPage,
    'GET /api/admin/qr': () =>
      jsonResponse(200, {
        items: [],
        total: 0,
        page: 1,
        pageSize: 20,
        counts: { unused: 0, recorded: 0, expired: 0, disabled: 0 },
      }),
    'GET /api/admin/inquiries': emptyPage,
    'GET /api/admin/testimonials': emptyPage,
    'GET /api/admin/subscribers': () =>
      jsonResponse(200, {
        items: [],
        total: 0,
        page: 1,
        pageSize: 20,
        counts: { pending: 0, active: 0, unsubscribed: 0 },
      }),
    'POST /api/admin/verify': () => jsonResponse(200, { token: 'fresh-token' }),
    'POST /api/admin/logout': () => fakeResponse(204),
  });

const nav = () => screen.getByRole('navigation', { name: 'Admin sections' });

beforeEach(async () => {
  localStorage.clear();
  sessionStorage.clear();
  await changeLanguage('en');
});

describe('admin console', () => {
  it('sends /admin to the blog manager', async () => {
    api();
    logInStored();
    const { router } = await renderApp('/admin');

    expect(await screen.findByRole('heading', { level: 1, name: 'Blog admin' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/blog');
    expect(within(nav()).getByRole('link', { name: 'Blog' })).toHaveAttribute('aria-current', 'page');
  });

  it('moves between every section through the navigation links', async () => {
    api();
    logInStored();
    const { user, router } = await renderApp('/admin/blog');
    await screen.findByRole('heading', { level: 1, name: 'Blog admin' });

    const sections = [
      ['QR codes', '/admin/qr', 'QR codes'],
      ['Inquiries', '/admin/inquiries', 'Inquiries'],
      ['Testimonials', '/admin/testimonials', 'Testimonials'],
      ['Subscribers', '/admin/subscribers', 'Newsletter subscribers'],
      ['Blog', '/admin/blog', 'Blog admin'],
    ] as const;
    for (const [link, path, heading] of sections) {
      await user.click(within(nav()).getByRole('link', { name: link }));
      expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
      expect(router.state.location.pathname).toBe(path);
      expect(within(nav()).getByRole('link', { name: link })).toHaveAttribute('aria-current', 'page');
    }
  });

  it('keeps /admin-blog as the blog manager', async () => {
    api();
    logInStored();
    await renderApp('/admin-blog');
    expect(await screen.findByRole('heading', { level: 1, name: 'Blog admin' })).toBeInTheDocument();
    expect(within(nav()).getByRole('link', { name: 'Blog' })).toHaveAttribute('aria-current', 'page');
  });

  it('asks for the password on any section without a token, then shows that section', async () => {
    api();
    const { user, router } = await renderApp('/admin/subscribers');

    await user.type(await screen.findByLabelText(/Password/), 'secret');
    await user.click(screen.getByRole('button', { name: 'Log in' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Newsletter subscribers' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/subscribers');
    expect(localStorage.getItem(ADMIN_TOKEN_STORAGE_KEY)).toBe('fresh-token');
  });

  it('returns to the login form with a message when a section is refused mid-session', async () => {
    fakeAdminApi({
      'GET /api/admin/inquiries': () => fakeResponse(401, JSON.stringify({ statusCode: 401, error: 'expired' })),
    });
    logInStored();
    await renderApp('/admin/inquiries');

    expect(await screen.findByText('Your session has expired. Please log in again.')).toBeInTheDocument();
    expect(screen.getByLabelText(/Password/)).toBeInTheDocument();
    expect(localStorage.getItem(ADMIN_TOKEN_STORAGE_KEY)).toBeNull();
  });

  it('logs out from any section, ending the token on the server too', async () => {
    const calls = api();
    logInStored('token-1');
    const { user } = await renderApp('/admin/qr');
    await screen.findByRole('heading', { level: 1, name: 'QR codes' });

    await user.click(screen.getByRole('button', { name: 'Log out' }));

    await waitFor(() => expect(screen.getByLabelText(/Password/)).toBeInTheDocument());
    expect(localStorage.getItem(ADMIN_TOKEN_STORAGE_KEY)).toBeNull();
    await waitFor(() => expect(calls.callsTo('POST', '/api/admin/logout')).toHaveLength(1));
    expect(calls.callsTo('POST', '/api/admin/logout')[0].headers.get('Authorization')).toBe('Bearer token-1');
  });

  it('names the sections in Korean', async () => {
    await changeLanguage('ko');
    api();
    logInStored();
    await renderApp('/admin/qr');
    await screen.findByRole('heading', { level: 1, name: 'QR 코드 관리' });
    const koreanNav = screen.getByRole('navigation', { name: '관리 메뉴' });
    expect(
      within(koreanNav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['블로그', 'QR 코드', '문의', '후기', '구독자']);
  });
});
