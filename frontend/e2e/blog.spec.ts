import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type APIRequestContext, type Page } from '@playwright/test';
import { answerEmptyList, answerServerError, holdAnswer } from './support/api-answers';
import { navLink } from './support/navigation';
import { expect, test } from './support/test';
import { E2E } from './support/stack';

const PUBLISHED_POSTS = '/api/posts?published=true';
/** A post of the demo content, published from the start; no test changes it. */
const SEEDED_POST = 'why-seven-days';

/** The web app's own pictures. */
const MEDIA = fileURLToPath(new URL('../public/media', import.meta.url));

/** 'Read more' with the post's title in hidden text; browsers may put a space before its ':'. */
const readMoreName = (label: string, title: string) =>
  new RegExp(`^${label}\\s?: ${title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);

const TEXTS = {
  ko: {
    listHeading: '추천 콘텐츠',
    readMore: (title: string) => readMoreName('자세히 보기', title),
    backToBlog: '블로그로 돌아가기',
    backToList: '목록으로',
    share: '이 글 공유하기',
    subscribe: '새 글 알림 받기',
    copy: '링크 복사',
    copied: '링크가 복사되었습니다!',
    facebook: '페이스북 공유하기',
    notFound: '콘텐츠를 찾을 수 없습니다',
    notFoundRequest: /목록으로 돌아가/,
    subHeadings: ['1. 꽃 고르기', '✔️ 영상 남기기'],
    paragraph: '계절에 맞는 꽃을 고르고, 받는 분이 좋아하는 색을 더해 보세요.',
    canonicalSuffix: '',
    blog: '블로그',
    loading: '게시물을 불러오는 중…',
    emptyTitle: '아직 게시물이 없습니다',
    emptyDescription: /^곧 새로운 이야기로 찾아올게요\./,
    fetchError: '게시물을 불러오지 못했습니다',
  },
  en: {
    listHeading: 'Recommended Content',
    readMore: (title: string) => readMoreName('Read more', title),
    backToBlog: 'Back to Blog',
    backToList: 'Back to list',
    share: 'Share this post',
    subscribe: 'Get notified of new posts',
    copy: 'Copy link',
    copied: 'Link Copied!',
    facebook: 'Share on Facebook',
    notFound: 'Content not found',
    notFoundRequest: /return to the list/,
    subHeadings: ['1. Pick the flowers', '✔️ Record the video'],
    paragraph: 'Choose flowers of the season and add the colour they love.',
    canonicalSuffix: '?lang=en',
    blog: 'Blog',
    loading: 'Loading posts…',
    emptyTitle: 'No posts yet',
    emptyDescription: /^New stories are on their way\./,
    fetchError: 'Failed to fetch posts',
  },
} as const;

interface CreatedPost {
  id: string;
  slug: string;
  title: string;
  titleEn: string;
  thumbnailUrl: string | null;
  createdAt: string;
}

/** A page's address, with or without a query (the language may be stated in it). */
const pageUrl = (path: string) => new RegExp(`^${E2E.baseUrl}${path}(\\?[^#]*)?$`);

async function useLanguage(page: Page, language: 'ko' | 'en') {
  await page.addInitScript((lang) => localStorage.setItem('giftcast-language', lang), language);
}

async function adminToken(request: APIRequestContext): Promise<string> {
  const res = await request.post('/api/admin/verify', { data: { password: E2E.adminPassword } });
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { token: string }).token;
}

// Posts this worker created, deleted after each test so the shared list does not keep growing.
let created: CreatedPost[] = [];

/** A published post with sub-headings in both languages; its slug is unique per test and project. */
async function createPost(request: APIRequestContext, { thumbnailUrl = '' } = {}): Promise<CreatedPost> {
  const { project, testId } = test.info();
  const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
  const slug = `b-${project.name}-${testId.slice(0, 4)}-${stamp}`.toLowerCase().slice(0, 30);
  const token = await adminToken(request);
  const res = await request.post('/api/posts', {
    headers: { Authorization: `Bearer ${token}` },
    data: {
      title: `영상 편지 ${stamp}`,
      titleEn: `Video letter ${stamp}`,
      excerpt: '브라우저 테스트가 만든 글의 요약입니다. 목록 카드에 보입니다.',
      excerptEn: 'A summary written by the browser test, shown on the list card.',
      content: [
        '꽃다발과 함께 전하는 영상 편지는 받는 분에게 오래 기억됩니다.',
        '',
        TEXTS.ko.subHeadings[0],
        TEXTS.ko.paragraph,
        TEXTS.ko.subHeadings[1],
        'QR 코드를 스캔해 마음을 담아 녹화하세요.',
      ].join('\n'),
      contentEn: [
        'A video letter that comes with a bouquet stays in the memory for long.',
        '',
        TEXTS.en.subHeadings[0],
        TEXTS.en.paragraph,
        TEXTS.en.subHeadings[1],
        'Scan the QR code and record what you feel.',
      ].join('\n'),
      thumbnailUrl,
      slug,
      published: true,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const post = (await res.json()) as CreatedPost;
  created.push(post);
  return post;
}

test.afterEach(async ({ request }) => {
  if (created.length === 0) return;
  const token = await adminToken(request);
  for (const post of created) {
    await request.delete(`/api/posts/${post.id}`, { headers: { Authorization: `Bearer ${token}` } });
  }
  created = [];
});

for (const language of ['ko', 'en'] as const) {
  const text = TEXTS[language];
  const titleOf = (post: CreatedPost) => (language === 'en' ? post.titleEn : post.title);

  test(`[${language}] list → card → post with sub-headings, share and subscribe; the back link returns`, async ({
    page,
    request,
  }) => {
    const post = await createPost(request);
    await useLanguage(page, language);

    await page.goto('/blog');
    await expect(page.getByRole('heading', { level: 1, name: text.listHeading })).toBeVisible();
    const card = page.getByRole('article').filter({ has: page.getByRole('heading', { name: titleOf(post) }) });
    await card.getByRole('link', { name: text.readMore(titleOf(post)) }).click();

    await expect(page).toHaveURL(pageUrl(`/blog/${post.slug}`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(titleOf(post));
    for (const subHeading of text.subHeadings) {
      await expect(page.getByRole('heading', { level: 2, name: subHeading })).toBeVisible();
    }
    await expect(page.locator('p', { hasText: text.paragraph })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: text.share })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: text.subscribe })).toBeVisible();
    await expect(page.getByRole('link', { name: text.backToList })).toBeVisible();

    await page.getByRole('link', { name: text.backToBlog }).click();
    await expect(page).toHaveURL(pageUrl('/blog'));
    await expect(card).toBeVisible();
  });

  test(`[${language}] copy link copies the canonical address, shows the check and the toast`, async ({
    page,
    context,
    request,
  }) => {
    const post = await createPost(request);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: E2E.baseUrl });
    await useLanguage(page, language);

    await page.goto(`/blog/${post.slug}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(titleOf(post));
    const canonical = await page.locator('link[rel="canonical"]').getAttribute('href');
    expect(canonical?.endsWith(`/blog/${post.slug}${text.canonicalSuffix}`)).toBe(true);

    const copy = page.getByRole('button', { name: text.copy });
    await copy.click();
    await expect(copy.getByTestId('copy-link-done')).toBeVisible();
    await expect(page.getByText(text.copied)).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(canonical);

    // Back to the link icon once the 2000 ms are over.
    await expect(copy.getByTestId('copy-link-idle')).toBeVisible({ timeout: 5_000 });
    await expect(copy.getByTestId('copy-link-done')).toHaveCount(0);
  });

  test(`[${language}] Facebook opens its sharer page in a popup`, async ({ page, context, request }) => {
    const post = await createPost(request);
    // The outside internet is out of reach: the sharer page is answered here.
    const requested: string[] = [];
    await context.route('https://www.facebook.com/**', (route) => {
      requested.push(route.request().url());
      return route.fulfill({ status: 200, contentType: 'text/html', body: '<title>sharer</title>' });
    });
    await useLanguage(page, language);

    await page.goto(`/blog/${post.slug}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(titleOf(post));
    const canonical = await page.locator('link[rel="canonical"]').getAttribute('href');

    // This Chromium has no native share sheet, so phones open the window too.
    expect(await page.evaluate(() => typeof navigator.share)).toBe('undefined');
    const popupOpened = page.waitForEvent('popup');
    await page.getByRole('button', { name: text.facebook }).click();
    const popup = await popupOpened;
    await popup.waitForLoadState();

    const sharer = `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(canonical!)}`;
    expect(popup.url()).toBe(sharer);
    expect(requested).toContain(sharer);
    await popup.close();
  });

  test(`[${language}] a missing slug shows "Content not found" and a link back to the list`, async ({ page }) => {
    await useLanguage(page, language);

    await page.goto(`/blog/no-such-post-${Date.now().toString(36)}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(text.notFound);
    await expect(page.getByText(text.notFoundRequest)).toBeVisible();

    await page.getByRole('link', { name: text.backToList }).click();
    await expect(page).toHaveURL(pageUrl('/blog'));
    await expect(page.getByRole('heading', { level: 1, name: text.listHeading })).toBeVisible();
  });

  test(`[${language}] a post's thumbnail and long date show on its card and on its page`, async ({ page, request }) => {
    // A thumbnail on another site, as an admin would link one; this test plays that site.
    const thumbnailUrl = 'https://images.example.com/bouquet.jpg';
    await page.route(thumbnailUrl, (route) =>
      route.fulfill({ contentType: 'image/jpeg', body: readFileSync(join(MEDIA, 'how-intro-en.jpg')) }),
    );
    const post = await createPost(request, { thumbnailUrl });
    const longDate = new Intl.DateTimeFormat(language === 'ko' ? 'ko-KR' : 'en-US', {
      year: 'numeric',
      month: 'long',
      day: 'numeric',
      timeZone: 'Asia/Seoul', // the day in Korea, as the site shows it whatever the reader's zone
    }).format(new Date(post.createdAt));
    await useLanguage(page, language);

    await page.goto('/blog');
    const card = page.getByRole('article').filter({ hasText: titleOf(post) });
    await expect(card.locator('img')).toHaveAttribute('src', post.thumbnailUrl!);
    await expect(card.locator('time')).toHaveText(longDate);
    await card.locator('img').scrollIntoViewIfNeeded();
    await expect
      .poll(() => card.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
      .toBe(true);

    await page.goto(`/blog/${post.slug}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(titleOf(post));
    await expect(page.locator('article img').first()).toHaveAttribute('src', post.thumbnailUrl!);
    await expect(page.locator('article time').first()).toHaveText(longDate);
  });
}

// The blog's first HTML comes with its posts; a visitor who arrives from another page of the app
// waits for them, and it is then that the list shows its spinner, its empty state or its failure.
for (const language of ['ko', 'en'] as const) {
  const text = TEXTS[language];

  /** From the home page to the blog through the navigation, as a visitor goes. */
  async function goToBlogFromHome(page: Page) {
    await useLanguage(page, language);
    await page.goto('/');
    await (await navLink(page, language, text.blog)).click();
    await expect(page).toHaveURL(pageUrl('/blog'));
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1, name: text.listHeading })).toBeVisible();
    return main;
  }

  test(`[${language}] arriving from another page, the list shows a spinner until the posts come`, async ({
    page,
    request,
  }) => {
    const seeded = (await (await request.get(`/api/posts/slug/${SEEDED_POST}`)).json()) as CreatedPost;
    const posts = await holdAnswer(page, PUBLISHED_POSTS);
    const main = await goToBlogFromHome(page);
    await posts.asked;

    const spinner = main.getByRole('status').filter({ hasText: text.loading });
    await expect(spinner).toBeVisible();
    await expect(spinner.locator('.chakra-spinner')).toBeVisible();
    await expect(main.getByRole('article')).toHaveCount(0);

    posts.release();
    const title = language === 'en' ? seeded.titleEn : seeded.title;
    await expect(main.getByRole('article').filter({ has: page.getByRole('heading', { name: title }) })).toBeVisible();
    await expect(spinner).toHaveCount(0);
  });

  test(`[${language}] arriving from another page when nothing is published, the list says there are no posts yet`, async ({
    page,
  }) => {
    await answerEmptyList(page, PUBLISHED_POSTS);
    const main = await goToBlogFromHome(page);

    await expect(main.getByRole('heading', { level: 2, name: text.emptyTitle })).toBeVisible();
    await expect(main.getByText(text.emptyDescription)).toBeVisible();
    await expect(main.getByRole('article')).toHaveCount(0);
    await expect(main.getByRole('alert')).toHaveCount(0);
  });

  test(`[${language}] arriving from another page when the call fails, the list says "${text.fetchError}"`, async ({
    page,
  }) => {
    await answerServerError(page, PUBLISHED_POSTS);
    const main = await goToBlogFromHome(page);

    await expect(main.getByRole('alert')).toHaveText(text.fetchError);
    await expect(main.getByRole('heading', { name: text.emptyTitle })).toHaveCount(0);
    await expect(main.getByRole('article')).toHaveCount(0);
    await expect(main.getByRole('status')).toHaveCount(0);
  });
}
