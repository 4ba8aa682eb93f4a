import { act, screen } from '@testing-library/react';
import { changeLanguage } from '../../../lib/i18n';
import type { Post } from '../../../lib/post';
import { fakeResponse, jsonResponse } from '../../../test/fake-fetch';
import { renderWithProviders } from '../../../test/render';
import type { NewsletterCampaign } from '../api/use-admin-newsletters';
import { fakeAdminApi, pagedAnswer } from '../fake-admin-api';
import { AdminBlogManager } from './admin-blog-manager';

const post = (id: string, title: string): Post => ({
  id,
  title,
  titleEn: null,
  content: 'c'.repeat(60),
  contentEn: null,
  excerpt: 'An excerpt of twenty or more',
  excerptEn: null,
  thumbnailUrl: null,
  slug: id,
  published: true,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
});

const campaign = (postId: string, overrides: Partial<NewsletterCampaign>): NewsletterCampaign => ({
  postId,
  slug: postId,
  title: postId,
  total: 10,
  sent: 10,
  failed: 0,
  skipped: 0,
  pending: 0,
  startedAt: '2026-01-01T00:00:00.000Z',
  finishedAt: '2026-01-01T00:01:00.000Z',
  ...overrides,
});

const campaignPage = (items: NewsletterCampaign[]) =>
  jsonResponse(200, { items, total: items.length, page: 1, pageSize: 200 });
const progressOf = (title: string) =>
  screen
    .getByRole('heading', { name: title })
    .closest('[data-testid="admin-post"]')!
    .querySelector('[data-testid="newsletter-progress"]')?.textContent;

beforeEach(async () => {
  jest.useFakeTimers();
  sessionStorage.clear();
  await changeLanguage('en');
});

afterEach(() => {
  jest.useRealTimers();
});

describe('newsletter progress in the post list', () => {
  it('shows sent of total with failures, and refreshes every 2 s only while a campaign is unfinished', async () => {
    const answers = [
      [campaign('p1', { sent: 3, pending: 7, finishedAt: null }), campaign('p2', { sent: 8, failed: 2 })],
      [campaign('p1', { sent: 9, failed: 1, pending: 0 }), campaign('p2', { sent: 8, failed: 2 })],
    ];
    const api = fakeAdminApi({
      'GET /api/admin/posts': pagedAnswer(() => [
        post('p1', 'Sending post'),
        post('p2', 'Sent post'),
        post('p3', 'Never sent'),
      ]),
      'GET /api/admin/newsletters': () =>
        campaignPage(answers[Math.min(api.callsTo('GET', '/api/admin/newsletters').length - 1, 1)]),
    });
    await renderWithProviders(<AdminBlogManager token="token-1" onSessionExpired={jest.fn()} />);

    expect(await screen.findByText('Newsletter: sending… (3 of 10, failed 0)')).toBeInTheDocument();
    expect(progressOf('Sent post')).toBe('Newsletter: sent 8 of 10 (failed 2)');
    expect(progressOf('Never sent')).toBeUndefined();
    expect(api.callsTo('GET', '/api/admin/newsletters')[0].headers.get('Authorization')).toBe('Bearer token-1');

    await act(async () => {
      await jest.advanceTimersByTimeAsync(1900);
    });
    expect(api.callsTo('GET', '/api/admin/newsletters')).toHaveLength(1);
    await act(async () => {
      await jest.advanceTimersByTimeAsync(200);
    });
    expect(await screen.findByText('Newsletter: sent 9 of 10 (failed 1)')).toBeInTheDocument();
    expect(api.callsTo('GET', '/api/admin/newsletters')).toHaveLength(2);

    // Everything finished: no more polling.
    await act(async () => {
      await jest.advanceTimersByTimeAsync(10_000);
    });
    expect(api.callsTo('GET', '/api/admin/newsletters')).toHaveLength(2);
  });

  it('still lists the posts when the campaigns cannot be loaded', async () => {
    fakeAdminApi({
      'GET /api/admin/posts': pagedAnswer(() => [post('p1', 'A post')]),
      'GET /api/admin/newsletters': () => fakeResponse(404, JSON.stringify({ statusCode: 404, error: 'Not found' })),
    });
    await renderWithProviders(<AdminBlogManager token="token-1" onSessionExpired={jest.fn()} />);

    expect(await screen.findByRole('heading', { name: 'A post' })).toBeInTheDocument();
    expect(screen.queryByTestId('newsletter-progress')).toBeNull();
    expect(screen.queryByText('Failed to fetch posts')).toBeNull();
  });

  it('speaks Korean', async () => {
    await changeLanguage('ko');
    fakeAdminApi({
      'GET /api/admin/posts': pagedAnswer(() => [post('p2', 'Sent post')]),
      'GET /api/admin/newsletters': () => campaignPage([campaign('p2', { sent: 8, failed: 2 })]),
    });
    await renderWithProviders(<AdminBlogManager token="token-1" onSessionExpired={jest.fn()} />);
    expect(await screen.findByText('뉴스레터: 10명 중 8명 발송 (실패 2)')).toBeInTheDocument();
  });
});
