import { act, fireEvent, screen, within } from '@testing-library/react';
import { changeLanguage } from '../../../lib/i18n';
import type { Post } from '../../../lib/post';
import { fakeResponse, jsonResponse, mockFetch, sentPaths, sentRequest } from '../../../test/fake-fetch';
import { renderApp, renderWithProviders } from '../../../test/render';
import { PostDetail } from './post-detail';

jest.mock('../../../lib/analytics', () => ({ trackEvent: jest.fn(), trackPageView: jest.fn() }));

let fetchMock: ReturnType<typeof mockFetch>;

const post = (overrides: Partial<Post> = {}): Post => ({
  id: '1',
  title: '꽃다발에 영상 편지를',
  titleEn: 'A video letter with flowers',
  content: '꽃과 함께 마음을 전해 보세요.\n\n1. 꽃 고르기\n향기로운 꽃을 고릅니다.\n🎁 포장하기\n정성껏 포장합니다.',
  contentEn:
    'Send your heart with flowers.\n\n1. Pick the flowers\nChoose fragrant ones.\n🎁 Wrap it\nWrap it with care.',
  excerpt: '꽃과 함께 마음을 전하는 방법',
  excerptEn: null,
  thumbnailUrl: '/flowers.jpg',
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

afterEach(() => {
  delete (window.navigator as unknown as Record<string, unknown>).clipboard;
});

describe('PostDetail', () => {
  it('shows a spinner while the post loads', async () => {
    fetchMock.mockReturnValue(new Promise(() => {}));
    await renderWithProviders(<PostDetail slug="flowers" />);

    expect(screen.getByRole('status')).toHaveTextContent('불러오는 중…');
    expect((await sentRequest(fetchMock)).path).toBe('/api/posts/slug/flowers');
  });

  it('shows the post: back link, thumbnail, date, title, body with sub-headings, share, back button', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, post()));
    await renderWithProviders(
      <PostDetail slug="flowers">
        <p>subscribe box</p>
      </PostDetail>,
    );

    expect(await screen.findByRole('heading', { level: 1, name: '꽃다발에 영상 편지를' })).toBeInTheDocument();
    const article = screen.getByRole('article');
    expect(within(article).getByRole('link', { name: '블로그로 돌아가기' })).toHaveAttribute('href', '/blog');
    expect(within(article).getByRole('link', { name: '목록으로' })).toHaveAttribute('href', '/blog');
    expect(article.querySelector('img')).toHaveAttribute('src', '/flowers.jpg');
    expect(within(article).getByText('2025년 10월 10일')).toHaveAttribute('datetime', '2025-10-10T09:00:00.000Z');

    const subHeadings = within(article)
      .getAllByRole('heading', { level: 2 })
      .map((h) => h.textContent);
    expect(subHeadings).toEqual(expect.arrayContaining(['1. 꽃 고르기', '🎁 포장하기']));
    expect(within(article).getByText('향기로운 꽃을 고릅니다.').tagName).toBe('P');
    expect(article.querySelectorAll('br')).toHaveLength(1);

    expect(within(article).getByRole('heading', { name: '이 글 공유하기' })).toBeInTheDocument();
    expect(within(article).getByText('subscribe box')).toBeInTheDocument();
  });

  it('renders markup in the body as text, never as HTML', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, post({ content: '<img src=x onerror=alert(1)> hello' })));
    await renderWithProviders(<PostDetail slug="flowers" />);

    expect(await screen.findByText('<img src=x onerror=alert(1)> hello')).toBeInTheDocument();
    expect(screen.getByRole('article').querySelectorAll('img')).toHaveLength(1); // the thumbnail only
  });

  it('has no image when the post has no thumbnail', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, post({ thumbnailUrl: null })));
    await renderWithProviders(<PostDetail slug="flowers" />);

    await screen.findByRole('heading', { level: 1 });
    expect(screen.getByRole('article').querySelector('img')).toBeNull();
  });

  it('uses the English fields in English, and Korean where an English one is empty', async () => {
    await changeLanguage('en');
    fetchMock.mockResolvedValue(jsonResponse(200, post({ contentEn: '   ' })));
    await renderWithProviders(<PostDetail slug="flowers" />);

    expect(await screen.findByRole('heading', { level: 1, name: 'A video letter with flowers' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: '1. 꽃 고르기' })).toBeInTheDocument();
    expect(screen.getByText('October 10, 2025')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Blog' })).toBeInTheDocument();
  });

  it('renders the English body with its own sub-headings', async () => {
    await changeLanguage('en');
    fetchMock.mockResolvedValue(jsonResponse(200, post()));
    await renderWithProviders(<PostDetail slug="flowers" />);

    expect(await screen.findByRole('heading', { level: 2, name: '1. Pick the flowers' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: '🎁 Wrap it' })).toBeInTheDocument();
    expect(screen.queryByText('향기로운 꽃을 고릅니다.')).not.toBeInTheDocument();
  });

  it.each([
    ['ko', '링크 복사', 'http://localhost:8080/blog/flowers'],
    ['en', 'Copy link', 'http://localhost:8080/blog/flowers?lang=en'],
  ] as const)(
    '[%s] shares the canonical address on PUBLIC_URL, the one the head states',
    async (language, copy, url) => {
      await changeLanguage(language);
      fetchMock.mockResolvedValue(jsonResponse(200, post({ slug: 'flowers' })));
      await renderWithProviders(<PostDetail slug="flowers" />);
      await screen.findByRole('heading', { level: 1 });
      const writeText = jest.fn<Promise<void>, [string]>().mockResolvedValue(undefined);
      Object.defineProperty(window.navigator, 'clipboard', { value: { writeText }, configurable: true });

      fireEvent.click(screen.getByRole('button', { name: copy }));
      await act(async () => {});

      expect(writeText).toHaveBeenCalledWith(url);
      expect(document.head.querySelector('link[rel="canonical"]')).toHaveAttribute('href', url);
    },
  );

  it.each([
    ['ko', '콘텐츠를 찾을 수 없습니다', /목록으로 돌아가/, '목록으로'],
    ['en', 'Content not found', /return to the list/, 'Back to list'],
  ] as const)(
    '[%s] a failed fetch shows "Content not found" with a way back',
    async (language, title, request, back) => {
      await changeLanguage(language);
      fetchMock.mockResolvedValue(fakeResponse(404, JSON.stringify({ statusCode: 404, error: 'Post not found' })));
      await renderWithProviders(<PostDetail slug="missing" />);

      expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
      expect(screen.getByText(request)).toBeInTheDocument();
      expect(screen.getByRole('link', { name: back })).toHaveAttribute('href', '/blog');
      expect(screen.queryByRole('button', { name: /Share on|공유하기/ })).not.toBeInTheDocument();
      expect(document.head.querySelector('meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow');
    },
  );
});

describe('/blog/{slug}', () => {
  it('asks for the slug in the address and adds the subscribe box under the post', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, post({ slug: 'cake-day' })));
    await renderApp('/blog/cake-day');

    expect(await screen.findByRole('heading', { level: 1, name: '꽃다발에 영상 편지를' })).toBeInTheDocument();
    expect(sentPaths(fetchMock)).toContain('/api/posts/slug/cake-day');
    expect(screen.getByRole('heading', { level: 2, name: '새 글 알림 받기' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '구독하기' })).toBeInTheDocument();
  });
});

describe('PostDetail head tags', () => {
  const head = (selector: string, attribute = 'content') =>
    document.head.querySelector(selector)?.getAttribute(attribute);

  it('describe the post in its language as an article, with canonical, alternates, picture and feed', async () => {
    await changeLanguage('en');
    fetchMock.mockResolvedValue(jsonResponse(200, post({ thumbnailUrl: 'https://cdn.example/spring.jpg' })));
    await renderWithProviders(<PostDetail slug="flowers" />);

    expect(await screen.findByRole('heading', { level: 1, name: 'A video letter with flowers' })).toBeInTheDocument();
    expect(document.title).toBe('A video letter with flowers | Giftcast');
    // No English excerpt: the Korean one.
    expect(head('meta[name="description"]')).toBe('꽃과 함께 마음을 전하는 방법');
    expect(head('link[rel="canonical"]', 'href')).toBe('http://localhost:8080/blog/flowers?lang=en');
    expect(head('link[hreflang="ko"]', 'href')).toBe('http://localhost:8080/blog/flowers');
    expect(head('link[hreflang="x-default"]', 'href')).toBe('http://localhost:8080/blog/flowers');
    expect(head('meta[property="og:type"]')).toBe('article');
    expect(head('meta[property="article:published_time"]')).toBe('2025-10-10T09:00:00.000Z');
    expect(head('meta[property="og:image"]')).toBe('https://cdn.example/spring.jpg');
    expect(head('meta[name="twitter:card"]')).toBe('summary_large_image');
    expect(head('link[type="application/rss+xml"]', 'title')).toBe('Giftcast Blog');
    expect(head('link[type="application/rss+xml"]', 'href')).toBe('http://localhost:8080/blog/feed.xml?lang=en');
  });

  it('show the site’s share picture in the page’s language when the post has no thumbnail', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, post({ thumbnailUrl: null })));
    await renderWithProviders(<PostDetail slug="flowers" />);

    expect(await screen.findByRole('heading', { level: 1, name: '꽃다발에 영상 편지를' })).toBeInTheDocument();
    expect(head('meta[property="og:image"]')).toBe('http://localhost:8080/media/share-ko.jpg');
    expect(head('meta[name="twitter:image"]')).toBe('http://localhost:8080/media/share-ko.jpg');
  });
});
