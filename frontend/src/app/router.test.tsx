import { act, screen, waitFor } from '@testing-library/react';
import { trackPageView } from '../lib/analytics';
import { changeLanguage } from '../lib/i18n';
import { jsonResponse, fakeResponse, mockFetch, sentRequest } from '../test/fake-fetch';
import { mockMediaQueries } from '../test/media-queries';
import { queryClient } from '../lib/query-client';
import { renderApp } from '../test/render';
import { createMemoryRouter } from 'react-router-dom';
import { createRoutes } from './router';

jest.mock('../lib/analytics', () => ({ trackEvent: jest.fn(), trackPageView: jest.fn() }));

let fetchMock: ReturnType<typeof mockFetch>;

beforeEach(async () => {
  fetchMock = mockFetch();
  fetchMock.mockResolvedValue(jsonResponse(200, []));
  localStorage.clear();
  await changeLanguage('en');
});

describe('routes', () => {
  it.each([
    ['/', 'Give your gift a voice and a smile'],
    ['/how', 'Three steps are all it takes'],
    ['/about', 'So the feeling behind a gift is remembered'],
    ['/why', 'When a card is not enough'],
    ['/partner', 'Add video messages to the gifts you sell'],
    ['/try', 'Try it yourself'],
    ['/blog', 'Recommended Content'],
    ['/support', 'How can we help?'],
    ['/privacy', 'Privacy Policy'],
    ['/terms', 'Terms of Service'],
    ['/unsubscribe', 'Invalid Request'],
    ['/subscribe/confirm?token=mailed-token', 'Confirm your subscription?'],
    ['/v/abc123', 'Video message'],
    ['/no/such/page', 'Page Not Found'],
  ])('%s shows its page inside the layout', async (url, heading) => {
    await renderApp(url);

    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    // A <header> inside <main> is not a landmark in browsers; jsdom still calls it one.
    expect(screen.getAllByRole('banner').filter((header) => !header.closest('main'))).toHaveLength(1);
    expect(screen.getByRole('main')).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
  });

  it('names an unknown page in Korean by default', async () => {
    await changeLanguage('ko');
    await renderApp('/missing');

    expect(await screen.findByRole('heading', { level: 1, name: '페이지를 찾을 수 없습니다' })).toBeInTheDocument();
  });

  it('sets the page title and canonical link', async () => {
    await renderApp('/how');

    await waitFor(() => expect(document.title).toBe('How it works | Giftcast'));
    expect(document.head.querySelector('link[rel="canonical"]')).toHaveAttribute(
      'href',
      'http://localhost:8080/how?lang=en',
    );
    expect(document.head.querySelector('link[rel="alternate"][hreflang="ko"]')).toHaveAttribute(
      'href',
      'http://localhost:8080/how',
    );
    expect(document.head.querySelector('link[rel="alternate"][hreflang="x-default"]')).toHaveAttribute(
      'href',
      'http://localhost:8080/how',
    );
  });

  it.each([
    ['ko', '/blog', 'Giftcast 블로그', 'http://localhost:8080/blog/feed.xml'],
    ['en', '/blog', 'Giftcast Blog', 'http://localhost:8080/blog/feed.xml?lang=en'],
    ['ko', '/blog/hello', 'Giftcast 블로그', 'http://localhost:8080/blog/feed.xml'],
    ['en', '/blog/hello', 'Giftcast Blog', 'http://localhost:8080/blog/feed.xml?lang=en'],
  ] as const)('[%s] %s names the blog feed in its head for feed readers', async (language, url, title, href) => {
    await changeLanguage(language);
    const post = { id: '1', slug: 'hello', title: '안녕하세요', titleEn: 'Hello there', content: '첫 문단' };
    const answer = { ...post, contentEn: null, excerpt: '요약', excerptEn: null, thumbnailUrl: null, published: true };
    if (url !== '/blog')
      fetchMock.mockResolvedValue(jsonResponse(200, { ...answer, createdAt: '2025-10-10T09:00:00.000Z' }));
    await renderApp(url);

    const feed = 'link[rel="alternate"][type="application/rss+xml"]';
    await waitFor(() => expect(document.head.querySelector(feed)).toHaveAttribute('href', href));
    expect(document.head.querySelectorAll(feed)).toHaveLength(1);
    expect(document.head.querySelector(feed)).toHaveAttribute('title', title);
  });

  it('names no feed on a page that is not the blog', async () => {
    await renderApp('/how');

    await waitFor(() => expect(document.title).toBe('How it works | Giftcast'));
    expect(document.head.querySelector('link[type="application/rss+xml"]')).toBeNull();
  });

  it('shows a post by slug, or "Content not found" when it cannot be fetched', async () => {
    fetchMock.mockResolvedValueOnce(
      jsonResponse(200, {
        id: '1',
        slug: 'hello',
        title: '안녕하세요',
        titleEn: 'Hello there',
        content: '첫 문단',
        contentEn: 'First paragraph\n\nSecond paragraph',
        excerpt: '요약',
        excerptEn: 'Summary',
        thumbnailUrl: null,
        published: true,
        createdAt: '2025-10-10T00:00:00.000Z',
        updatedAt: '2025-10-10T00:00:00.000Z',
      }),
    );
    const first = await renderApp('/blog/hello');

    expect(await screen.findByRole('heading', { level: 1, name: 'Hello there' })).toBeInTheDocument();
    expect(screen.getByText('Second paragraph')).toBeInTheDocument();
    expect((await sentRequest(fetchMock)).path).toBe('/api/posts/slug/hello');
    first.unmount();

    fetchMock.mockResolvedValueOnce(fakeResponse(404, '{"statusCode":404,"error":"Post not found"}'));
    await renderApp('/blog/missing');

    expect(await screen.findByRole('heading', { level: 1, name: 'Content not found' })).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Back to list' })[0]).toHaveAttribute('href', '/blog');
  });

  it('reports every route change to analytics and scrolls back to the top', async () => {
    const scrollTo = jest.spyOn(window, 'scrollTo');
    const { router } = await renderApp('/');

    expect(trackPageView).toHaveBeenCalledWith('/');
    expect(scrollTo).not.toHaveBeenCalled();

    await act(() => router.navigate('/blog?from=test'));

    await waitFor(() => expect(trackPageView).toHaveBeenLastCalledWith('/blog?from=test'));
    expect(scrollTo).toHaveBeenCalledWith(expect.objectContaining({ top: 0, behavior: 'smooth' }));
  });

  it('scrolls instantly for visitors who prefer reduced motion', async () => {
    mockMediaQueries({ '(prefers-reduced-motion: reduce)': true });
    const scrollTo = jest.spyOn(window, 'scrollTo');
    const { router } = await renderApp('/');

    await act(() => router.navigate('/about'));

    await waitFor(() => expect(scrollTo).toHaveBeenCalledWith(expect.objectContaining({ behavior: 'instant' })));
  });
});

describe('admin', () => {
  it('/admin/blog and /admin-blog load the admin login on demand', async () => {
    await renderApp('/admin/blog');
    expect(await screen.findByRole('heading', { name: 'Admin login' })).toBeInTheDocument();
  });

  it('logs in with the password, keeps the token, and logs out', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { token: 'jwt-token', expiresAt: '2030-01-01' }));
    const { user } = await renderApp('/admin-blog');

    await user.type(await screen.findByLabelText(/Password/), 'secret');
    await user.click(screen.getByRole('button', { name: 'Log in' }));

    expect(await screen.findByText('You are logged in as admin.')).toBeInTheDocument();
    expect(localStorage.getItem('giftcast-admin-token')).toBe('jwt-token');
    expect(await sentRequest(fetchMock)).toMatchObject({
      method: 'POST',
      path: '/api/admin/verify',
      body: { password: 'secret' },
    });

    await user.click(screen.getByRole('button', { name: 'Log out' }));

    expect(localStorage.getItem('giftcast-admin-token')).toBeNull();
    expect(await screen.findByLabelText(/Password/)).toHaveValue('');
  });

  it('tells the admin when the password is wrong', async () => {
    fetchMock.mockResolvedValueOnce(
      fakeResponse(401, JSON.stringify({ statusCode: 401, error: 'The password is incorrect' })),
    );
    const { user } = await renderApp('/admin/blog');

    await user.type(await screen.findByLabelText(/Password/), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Log in' }));

    expect(await screen.findByText('Incorrect password')).toBeInTheDocument();
    expect(screen.getByText('The password is incorrect')).toBeInTheDocument();
    expect(localStorage.getItem('giftcast-admin-token')).toBeNull();
  });
});

describe('data fetched beside the code', () => {
  /** The router starting at `path`, as the browser's does: its loaders run beside the pages' lazy. */
  const startAt = (path: string) => createMemoryRouter(createRoutes({ queryClient }), { initialEntries: [path] });

  it("starts fetching a QR code's state for /v/:qrToken before the page's code is in", async () => {
    const code = { serialNumber: '0042', status: 'unused', message: null };
    fetchMock.mockResolvedValue(jsonResponse(200, code));

    startAt('/v/tok-ahead');

    await waitFor(() => expect(queryClient.getQueryData(['/api/messages', 'tok-ahead'])).toEqual(code));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect((await sentRequest(fetchMock)).path).toBe('/api/messages/tok-ahead');
  });

  it('fetches nothing ahead for a page the server renders', async () => {
    for (const path of ['/', '/blog', '/support', '/try', '/unsubscribe']) startAt(path);
    await act(async () => {});

    expect(fetchMock).not.toHaveBeenCalled();
  });
});
