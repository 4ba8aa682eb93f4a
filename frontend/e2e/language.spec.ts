import { expect, test } from './support/test';

test('the home page renders in Korean by default', async ({ page }) => {
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ko');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('선물에 목소리와 표정을 더하세요');
  await expect(page.getByRole('button', { name: 'Switch to English' })).toHaveText('EN');
});

test('the language toggle switches to English and the choice survives a reload', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Switch to English' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Give your gift a voice and a smile');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('button', { name: '한국어 보기' })).toHaveText('한국어');
  expect(await page.evaluate(() => localStorage.getItem('giftcast-language'))).toBe('en');

  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Give your gift a voice and a smile');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');

  await page.getByRole('button', { name: '한국어 보기' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('선물에 목소리와 표정을 더하세요');
});

test('an unknown path shows the not-found page and an unknown API path stays JSON', async ({ page, request }) => {
  await page.goto('/en-route-that-does-not-exist');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('페이지를 찾을 수 없습니다');
  const api = await request.get('/api/route-that-does-not-exist');
  expect(api.status()).toBe(404);
  expect(await api.json()).toEqual({ statusCode: 404, error: '존재하지 않는 API 경로입니다' });
});
