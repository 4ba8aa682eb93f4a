import { type Page } from '@playwright/test';
import { expect, test } from './support/test';
import { E2E } from './support/stack';

// The blog manager, in both languages, on the desktop and on a phone (both projects run it).

const SEEDED_POST = {
  ko: '꽃다발에 영상 편지를 더하는 3가지 방법',
  en: 'Three ways to add a video letter to a bouquet',
};

const TEXT = {
  ko: {
    password: '비밀번호',
    logIn: '로그인',
    logOut: '로그아웃',
    newPost: '새 글 작성',
    title: '제목 (한국어)',
    excerpt: '요약 (한국어)',
    content: '본문 (한국어)',
    slug: 'URL 슬러그',
    published: '게시 (체크하지 않으면 임시저장)',
    save: '저장',
    saved: '저장되었습니다',
    draft: '임시저장',
    publishedBadge: '게시됨',
    edit: '수정',
    delete: '삭제',
    confirmDelete: '정말 삭제하시겠습니까?',
    deleted: '삭제되었습니다',
    newsletter: /^뉴스레터: /,
    wrongPassword: '비밀번호가 올바르지 않습니다',
    sessionExpired: '세션이 만료되었습니다. 다시 로그인해주세요.',
  },
  en: {
    password: 'Password',
    logIn: 'Log in',
    logOut: 'Log out',
    newPost: 'New post',
    title: 'Title (Korean)',
    excerpt: 'Excerpt (Korean)',
    content: 'Content (Korean)',
    slug: 'URL slug',
    published: 'Published (unchecked: draft)',
    save: 'Save',
    saved: 'Saved successfully',
    draft: 'Draft',
    publishedBadge: 'Published',
    edit: 'Edit',
    delete: 'Delete',
    confirmDelete: 'Are you sure you want to delete?',
    deleted: 'Deleted successfully',
    newsletter: /^Newsletter: /,
    wrongPassword: 'Incorrect password',
    sessionExpired: 'Your session has expired. Please log in again.',
  },
};

for (const language of ['ko', 'en'] as const) {
  const text = TEXT[language];

  async function logIn(page: Page, password = E2E.adminPassword) {
    await page.addInitScript((stored) => localStorage.setItem('giftcast-language', stored), language);
    await page.goto('/admin/blog');
    await page.getByLabel(text.password).fill(password);
    await page.getByRole('button', { name: text.logIn }).click();
  }

  test.describe(`[${language}] blog manager`, () => {
    test('create a draft, publish it (its newsletter goes out), see it on /blog, then delete it', async ({
      page,
    }, testInfo) => {
      // Five page loads, two saves and a newsletter: more than the default budget on a busy machine.
      test.slow();
      // Both projects and languages share one backend: every run needs its own slug and title.
      const slug = `e2e-${language}-${testInfo.project.name}-${Date.now().toString(36)}`;
      const title = `E2E ${slug}`;

      await logIn(page);
      await page.getByRole('button', { name: text.newPost }).click();
      await page.getByLabel(text.title).fill(title);
      await page.getByLabel(text.excerpt).fill('An excerpt written by the browser test.');
      await page.getByLabel(text.content).fill('This body was written by the end-to-end test and is long enough.');
      await page.getByLabel(text.slug).fill(slug);
      await page.getByRole('button', { name: text.save }).click();
      await expect(page.getByText(text.saved)).toBeVisible();

      const item = page.getByTestId('admin-post').filter({ hasText: slug });
      await expect(item.getByText(text.draft, { exact: true })).toBeVisible();
      await expect(item.getByTestId('newsletter-progress')).toHaveCount(0);

      await page.goto('/blog');
      await expect(page.getByRole('heading', { name: SEEDED_POST[language] })).toBeVisible(); // the list has loaded
      await expect(page.getByText(title)).toHaveCount(0);

      await page.goto('/admin/blog');
      await item.getByRole('button', { name: text.edit }).click();
      await expect(page.getByLabel(text.slug)).toHaveValue(slug);
      await page.getByText(text.published).click();
      await page.getByRole('button', { name: text.save }).click();
      await expect(page.getByText(text.saved)).toBeVisible();
      await expect(item.getByText(text.publishedBadge, { exact: true })).toBeVisible();
      // Publishing for the first time starts the newsletter; the list shows its progress.
      await expect(item.getByTestId('newsletter-progress')).toHaveText(text.newsletter);

      await page.goto('/blog');
      await expect(page.getByRole('heading', { name: title })).toBeVisible();

      await page.goto('/admin/blog');
      page.once('dialog', (dialog) => {
        expect(dialog.message()).toBe(text.confirmDelete);
        void dialog.accept();
      });
      await item.getByRole('button', { name: text.delete }).click();
      await expect(page.getByText(text.deleted)).toBeVisible();
      await expect(item).toHaveCount(0);

      await page.goto('/blog');
      await expect(page.getByRole('heading', { name: SEEDED_POST[language] })).toBeVisible();
      await expect(page.getByText(title)).toHaveCount(0);
    });

    test('a wrong password shows the incorrect-password toast', async ({ page }) => {
      await logIn(page, 'not-the-password');
      // The toast's title; in Korean the server's message below it reads the same.
      await expect(page.getByRole('status').getByText(text.wrongPassword).first()).toBeVisible();
      await expect(page.getByRole('button', { name: text.logIn })).toBeVisible();
    });

    test('a token the server no longer accepts returns to the login, and the editor’s text comes back after it', async ({
      page,
    }) => {
      await logIn(page);
      await page.getByRole('button', { name: text.newPost }).click();
      await page.getByLabel(text.title).fill('Typed before the session ended');

      // The stored token goes stale (expired, or the server's secret changed) before the next visit.
      await page.evaluate(() => localStorage.setItem('giftcast-admin-token', 'stale-token'));
      await page.reload();
      await expect(page.getByText(text.sessionExpired)).toBeVisible();
      await expect(page.getByRole('button', { name: text.logIn })).toBeVisible();

      await page.getByLabel(text.password).fill(E2E.adminPassword);
      await page.getByRole('button', { name: text.logIn }).click();
      await expect(page.getByLabel(text.title)).toHaveValue('Typed before the session ended');

      await page.getByRole('button', { name: text.logOut }).click();
      await expect(page.getByLabel(text.password)).toHaveValue('');
      expect(await page.evaluate(() => localStorage.getItem('giftcast-admin-token'))).toBeNull();
    });
  });
}
