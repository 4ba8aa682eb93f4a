import { screen, within } from '@testing-library/react';
import { changeLanguage } from '../../../lib/i18n';
import { fakeResponse, jsonResponse, mockFetch, sentRequest } from '../../../test/fake-fetch';
import { renderWithProviders } from '../../../test/render';
import type { Post } from '../../../lib/post';
import { PostList } from './post-list';

let fetchMock: ReturnType<typeof mockFetch>;

const post = (overrides: Partial<Post>): Post => ({
  id: '1',
  title: '꽃다발에 영상 편지를',
  titleEn: 'A video letter with flowers',
  content: '본문',
  contentEn: null,
  excerpt: '꽃과 함께 마음을 전하는 방법',
  excerptEn: '',
  thumbnailUrl: null,
  slug: 'flowers',
  published: true,
  createdAt: '2025-10-10T09:00:00.000Z',
  updatedAt: '2025-10-10T09:00:00.000Z',
  ...overrides,
});

beforeEach(async () => {
  fetchMock = mockFetch();
  await changeLanguage('ko');
});

describe('PostList', () => {
  it('lists published posts from the API as cards linking to their pages', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(200, [post({}), post({ id: '2', slug: 'cake', thumbnailUrl: '/cake.jpg' })]),
    );
    await renderWithProviders(<PostList />);

    const cards = await screen.findAllByRole('article');
    expect(cards).toHaveLength(2);
    expect((await sentRequest(fetchMock)).path).toBe('/api/posts?published=true');
    expect(within(cards[0]).getByRole('heading', { name: '꽃다발에 영상 편지를' })).toBeInTheDocument();
    expect(within(cards[0]).getByText('2025년 10월 10일')).toBeInTheDocument();
    expect(within(cards[0]).getByRole('link', { name: /자세히 보기/ })).toHaveAttribute('href', '/blog/flowers');
    expect(within(cards[0]).queryByRole('img', { hidden: true })).not.toBeInTheDocument();
    expect(cards[1].querySelector('img')).toHaveAttribute('src', '/cake.jpg');
  });

  it('gives a thumbnail its intrinsic size and loads it lazily', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, [post({ thumbnailUrl: '/cake.jpg' })]));
    await renderWithProviders(<PostList />);

    const image = (await screen.findByRole('article')).querySelector('img');
    expect(image).toHaveAttribute('loading', 'lazy');
    expect(image).toHaveAttribute('width', '640');
    expect(image).toHaveAttribute('height', '360');
  });

  it('names the post in its read-more link for screen readers', async () => {
    await changeLanguage('en');
    fetchMock.mockResolvedValue(jsonResponse(200, [post({})]));
    await renderWithProviders(<PostList />);

    const link = await screen.findByRole('link', { name: /^Read more\s?: A video letter with flowers$/ });
    expect(link).toHaveTextContent('Read more');
    expect(link).toHaveAttribute('href', '/blog/flowers');
  });

  it('uses English fields in English, and Korean where the English one is empty', async () => {
    await changeLanguage('en');
    fetchMock.mockResolvedValue(jsonResponse(200, [post({})]));
    await renderWithProviders(<PostList />);

    const card = await screen.findByRole('article');
    expect(within(card).getByRole('heading', { name: 'A video letter with flowers' })).toBeInTheDocument();
    expect(within(card).getByText('꽃과 함께 마음을 전하는 방법')).toBeInTheDocument();
    expect(within(card).getByText('October 10, 2025')).toBeInTheDocument();
  });

  it('shows the empty state when there are no posts', async () => {
    await changeLanguage('en');
    fetchMock.mockResolvedValue(jsonResponse(200, []));
    await renderWithProviders(<PostList />);

    expect(await screen.findByRole('heading', { name: 'No posts yet' })).toBeInTheDocument();
    expect(screen.getByText(/New stories are on their way/)).toBeInTheDocument();
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
  });

  it('shows the empty state in Korean', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, []));
    await renderWithProviders(<PostList />);

    expect(await screen.findByRole('heading', { name: '아직 게시물이 없습니다' })).toBeInTheDocument();
    expect(screen.getByText(/곧 새로운 이야기로 찾아올게요/)).toBeInTheDocument();
  });

  it("says 'Failed to fetch posts' when the list cannot be loaded", async () => {
    await changeLanguage('en');
    fetchMock.mockResolvedValue(fakeResponse(500, '', 'Internal Server Error'));
    await renderWithProviders(<PostList />);

    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to fetch posts');
    expect(screen.queryByRole('heading', { name: 'No posts yet' })).not.toBeInTheDocument();
  });

  it('says the list failed in Korean too', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await renderWithProviders(<PostList />);

    expect(await screen.findByRole('alert')).toHaveTextContent('게시물을 불러오지 못했습니다');
  });

  it('shows a spinner while loading', async () => {
    fetchMock.mockReturnValue(new Promise(() => {}));
    await renderWithProviders(<PostList />);

    expect(screen.getByRole('status')).toHaveTextContent('게시물을 불러오는 중…');
  });
});
