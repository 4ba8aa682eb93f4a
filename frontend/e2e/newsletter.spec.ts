import { type Page } from '@playwright/test';
import { expect, test } from './support/test';
import { confirmationLink, uniqueAddress, waitForMail } from './support/mail';
import { E2E } from './support/stack';

const TEXTS = {
  ko: {
    post: '꽃다발에 영상 편지를 더하는 3가지 방법',
    subscribe: '구독하기',
    subscribed: '구독 완료!',
    checkInbox: '메일함을 확인해주세요. 보내드린 메일의 링크를 누르시면 구독이 완료됩니다.',
    confirmSubscriptionTitle: '구독을 확인하시겠습니까?',
    confirmSubscription: '구독 확인',
    confirmed: '구독이 확인되었습니다',
    confirmFailed: '구독 확인 실패',
    linkUsed: '이미 사용했거나 만료된 구독 확인 링크입니다. 다시 구독해주세요',
    subscribeAgain: '다시 구독하기',
    confirmTitle: '구독을 해지하시겠습니까?',
    confirm: '구독 해지',
    done: '구독이 해지되었습니다',
    cancel: '취소',
    failed: '구독 해지 실패',
    unknownLink: '유효하지 않거나 만료된 구독 해지 링크입니다',
    retry: '다시 시도',
    invalidTitle: '잘못된 요청',
    invalidText: '유효한 구독 해지 토큰이 필요합니다.',
    invalidEmail: '유효한 이메일 주소를 입력해주세요',
  },
  en: {
    post: 'Three ways to add a video letter to a bouquet',
    subscribe: 'Subscribe',
    subscribed: 'Subscribed!',
    checkInbox: 'Please check your inbox: follow the link in the email we sent you to confirm your subscription.',
    confirmSubscriptionTitle: 'Confirm your subscription?',
    confirmSubscription: 'Confirm Subscription',
    confirmed: 'Subscription Confirmed',
    confirmFailed: 'Confirmation Failed',
    linkUsed: 'This confirmation link has expired or was already used. Please subscribe again',
    subscribeAgain: 'Subscribe Again',
    confirmTitle: 'Unsubscribe from new-post emails?',
    confirm: 'Unsubscribe',
    done: 'Unsubscribed Successfully',
    cancel: 'Cancel',
    failed: 'Unsubscribe Failed',
    unknownLink: 'This unsubscribe link is not valid',
    retry: 'Try Again',
    invalidTitle: 'Invalid Request',
    invalidText: 'A valid unsubscribe token is required.',
    invalidEmail: 'Please enter a valid email address',
  },
} as const;

async function useLanguage(page: Page, language: 'ko' | 'en') {
  await page.addInitScript((lang) => localStorage.setItem('giftcast-language', lang), language);
}

for (const language of ['ko', 'en'] as const) {
  const text = TEXTS[language];

  test(`[${language}] subscribe from the blog, confirm by the mailed link, then unsubscribe by the welcome mail's link`, async ({
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
    await expect(page.getByText(text.checkInbox)).toBeVisible();
    await expect(email).toHaveValue('');

    // Only the confirmation comes until the address confirms; its link opens the page in the same language.
    const link = await confirmationLink(address);
    expect(link).toMatch(new RegExp(`^${E2E.baseUrl}/subscribe/confirm\\?token=[\\w-]{43}&lang=${language}$`));
    await page.goto(link);
    await expect(page.getByRole('heading', { name: text.confirmSubscriptionTitle })).toBeVisible();
    await page.getByRole('button', { name: text.confirmSubscription, exact: true }).click();
    await expect(page.getByRole('heading', { name: text.confirmed })).toBeVisible();

    const welcome = await waitForMail(address, (mail) => (mail.text ?? '').includes('/unsubscribe?token='));
    expect(welcome.headers.find((h) => h.key === 'list-unsubscribe-post')?.value).toBe('List-Unsubscribe=One-Click');
    // Its unsubscribe link, like the confirmation's, opens the page in the subscriber's language.
    const unsubscribeLink = /(http\S+\/unsubscribe\?\S+)/.exec(welcome.text ?? '')?.[1];
    expect(unsubscribeLink).toMatch(new RegExp(`^${E2E.baseUrl}/unsubscribe\\?token=[\\w-]+&lang=${language}$`));

    // The confirmation link works once.
    await page.goto(link);
    await page.getByRole('button', { name: text.confirmSubscription, exact: true }).click();
    await expect(page.getByRole('heading', { name: text.confirmFailed })).toBeVisible();
    await expect(page.getByText(text.linkUsed)).toBeVisible();
    await expect(page.getByRole('link', { name: text.subscribeAgain })).toHaveAttribute('href', '/blog');

    await page.goto(unsubscribeLink!);
    await expect(page.getByRole('heading', { name: text.confirmTitle })).toBeVisible();
    await page.getByRole('button', { name: text.confirm, exact: true }).click();
    await expect(page.getByRole('heading', { name: text.done })).toBeVisible();
  });

  test(`[${language}] an invalid address gets the spec’s message and is not sent`, async ({ page }) => {
    await useLanguage(page, language);
    const posted: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/subscribe')) posted.push(request.url());
    });
    await page.goto('/blog');
    const email = page.getByTestId('newsletter-email');
    await email.fill('not-an-address');
    await page.getByRole('button', { name: text.subscribe, exact: true }).click();

    await expect
      .poll(() => email.evaluate((input: HTMLInputElement) => input.validationMessage))
      .toBe(text.invalidEmail);
    expect(posted).toEqual([]);
  });

  test(`[${language}] an address the browser lets through but the server refuses gets the spec’s message`, async ({
    page,
  }) => {
    await useLanguage(page, language);
    await page.goto('/blog');
    const email = page.getByTestId('newsletter-email');
    // Valid to the browser (an address may lack a top-level domain there), not to the server.
    await email.fill('kim@gmail');
    const answer = page.waitForResponse((response) => response.url().endsWith('/api/subscribe'));
    await page.getByRole('button', { name: text.subscribe, exact: true }).click();

    expect((await answer).status()).toBe(400);
    await expect(page.getByText(text.invalidEmail, { exact: true })).toBeVisible();
    await expect(email).toHaveValue('kim@gmail');
  });

  test(`[${language}] an unsubscribe link the server does not know fails with its message, and can be tried again`, async ({
    page,
  }) => {
    await useLanguage(page, language);
    const attempts: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/unsubscribe')) attempts.push(request.postData() ?? '');
    });
    await page.goto('/unsubscribe?token=00000000-0000-4000-8000-000000000000');
    await page.getByRole('button', { name: text.confirm, exact: true }).click();

    await expect(page.getByRole('heading', { name: text.failed })).toBeVisible();
    await expect(page.getByText(text.unknownLink)).toBeVisible();
    await page.getByRole('button', { name: text.retry }).click();
    await expect.poll(() => attempts.length).toBe(2);
    await expect(page.getByRole('heading', { name: text.failed })).toBeVisible();
    expect(JSON.parse(attempts[1])).toEqual({ token: '00000000-0000-4000-8000-000000000000' });
  });

  test(`[${language}] cancelling the unsubscribe confirmation goes back to the blog`, async ({ page }) => {
    await useLanguage(page, language);
    await page.goto('/unsubscribe?token=00000000-0000-4000-8000-000000000001');
    await expect(page.getByRole('heading', { name: text.confirmTitle })).toBeVisible();
    await page.getByRole('link', { name: text.cancel, exact: true }).click();
    await expect(page).toHaveURL(`${E2E.baseUrl}/blog`);
    await expect(page.getByRole('heading', { name: text.post })).toBeVisible();
  });

  test(`[${language}] an unsubscribe page without a token says the request is invalid`, async ({ page }) => {
    await useLanguage(page, language);
    await page.goto('/unsubscribe');
    await expect(page.getByRole('heading', { name: text.invalidTitle })).toBeVisible();
    await expect(page.getByText(text.invalidText)).toBeVisible();
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
