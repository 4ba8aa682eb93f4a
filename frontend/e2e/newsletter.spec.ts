import { type Page } from '@playwright/test';
import { expect, test } from './support/test';
import { uniqueAddress, waitForMail } from './support/mail';
import { E2E } from './support/stack';

const TEXTS = {
  ko: {
    post: '꽃다발에 영상 편지를 더하는 3가지 방법',
    subscribe: '구독하기',
    subscribed: '구독 완료!',
    confirmTitle: '구독을 해지하시겠습니까?',
    confirm: '구독 해지',
    done: '구독이 해지되었습니다',
  },
  en: {
    post: 'Three ways to add a video letter to a bouquet',
    subscribe: 'Subscribe',
    subscribed: 'Subscribed!',
    confirmTitle: 'Unsubscribe from new-post emails?',
    confirm: 'Unsubscribe',
    done: 'Unsubscribed Successfully',
  },
} as const;

async function useLanguage(page: Page, language: 'ko' | 'en') {
  await page.addInitScript((lang) => localStorage.setItem('giftcast-language', lang), language);
}

for (const language of ['ko', 'en'] as const) {
  const text = TEXTS[language];

  test(`[${language}] subscribe, receive the welcome mail, follow its unsubscribe link and confirm`, async ({
    page,
  }) => {
    await useLanguage(page, language);
    const address = uniqueAddress(`news-${language}`);

    await page.goto('/blog');
    await expect(page.getByRole('heading', { name: text.post })).toBeVisible();
    const email = page.getByTestId('newsletter-email');
    await email.fill(address);
    await page.getByRole('button', { name: text.subscribe, exact: true }).click();
    await expect(page.getByText(text.subscribed)).toBeVisible();
    await expect(email).toHaveValue('');

    const mail = await waitForMail(address);
    expect(mail.headers.find((h) => h.key === 'list-unsubscribe-post')?.value).toBe('List-Unsubscribe=One-Click');
    const link = /(http\S+\/unsubscribe\?token=[\w-]+)/.exec(mail.text ?? '')?.[1];
    expect(link).toBeDefined();
    expect(link!.startsWith(`${E2E.baseUrl}/unsubscribe?token=`)).toBe(true);

    await page.goto(link!);
    await expect(page.getByRole('heading', { name: text.confirmTitle })).toBeVisible();
    await page.getByRole('button', { name: text.confirm, exact: true }).click();
    await expect(page.getByRole('heading', { name: text.done })).toBeVisible();
  });
}

test('a whitespace-only address is not submitted', async ({ page }) => {
  let posted = false;
  page.on('request', (request) => {
    if (request.url().endsWith('/api/subscribe')) posted = true;
  });
  await page.goto('/blog');
  await page.getByTestId('newsletter-email').fill('   ');
  await page.getByRole('button', { name: '구독하기', exact: true }).click();
  await page.waitForTimeout(300);
  expect(posted).toBe(false);
});

test('an unsubscribe page without a token says the request is invalid', async ({ page }) => {
  await useLanguage(page, 'en');
  await page.goto('/unsubscribe');
  await expect(page.getByRole('heading', { name: 'Invalid Request' })).toBeVisible();
  await expect(page.getByText('A valid unsubscribe token is required.')).toBeVisible();
});
