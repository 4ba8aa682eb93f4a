import { type Locator, type Page } from '@playwright/test';
import { isPhone, navLink } from './support/navigation';
import { expect, test } from './support/test';

// The site shell: navigation, mobile menu, footer, the /try banner, toasts and scrolling, in both
// languages, on the desktop (1280x800) and phone (390x844) projects.
const TEXTS = {
  ko: {
    nav: { home: '홈', how: '이용 방법', blog: '블로그', support: '고객센터', try: '체험하기' },
    openMenu: '메뉴 열기',
    closeMenu: '메뉴 닫기',
    banner: '체험 안내',
    bannerLink: /무료 체험 QR 코드 \d+개를 사용할 수 있어요/,
    bannerClose: '안내 닫기',
    toastRegion: '알림 (F8)',
    subscribe: '구독하기',
    privacy: '개인정보처리방침',
    terms: '이용약관',
    email: '이메일: ',
    phone: '전화: ',
  },
  en: {
    nav: { home: 'Home', how: 'How it works', blog: 'Blog', support: 'Support', try: 'Try it' },
    openMenu: 'Open menu',
    closeMenu: 'Close menu',
    banner: 'Try it notice',
    bannerLink: /Free trial QR codes available right now: \d+\./,
    bannerClose: 'Close notice',
    toastRegion: 'Notifications (F8)',
    subscribe: 'Subscribe',
    privacy: 'Privacy Policy',
    terms: 'Terms of Service',
    email: 'Email: ',
    phone: 'Phone: ',
  },
} as const;

const BANNER_CLOSED_KEY = 'giftcast-banner-closed';
const MINUTE = 60_000;

async function useLanguage(page: Page, language: 'ko' | 'en') {
  await page.addInitScript((lang) => localStorage.setItem('giftcast-language', lang), language);
}

/** For tests about something else: the banner was just closed, so it stays away. */
async function withoutBanner(page: Page) {
  await page.addInitScript((key) => localStorage.setItem(key, String(Date.now())), BANNER_CLOSED_KEY);
}

/**
 * With the clock paused, lets what is due now run: TanStack Query hands a fetched list to the page
 * in a zero-delay timeout, so the banner's count arrives only as the clock runs, whenever the
 * response came in.
 */
async function expectShown(page: Page, banner: Locator) {
  await expect
    .poll(async () => {
      await page.clock.runFor(0);
      return banner.isVisible();
    })
    .toBe(true);
}

async function scrollDown(page: Page) {
  await page.evaluate(() => window.scrollTo({ top: document.documentElement.scrollHeight, behavior: 'instant' }));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
}

for (const language of ['ko', 'en'] as const) {
  const text = TEXTS[language];

  test(`[${language}] the banner shows 300 ms after load, closes for 30 minutes, then comes back`, async ({ page }) => {
    await useLanguage(page, language);
    const start = new Date('2026-05-01T10:00:00Z');
    await page.clock.install({ time: start });
    await page.clock.pauseAt(new Date(start.getTime() + 1000));
    // goto returns once the app runs: the banner's mount effect has started its timers by then.
    await page.goto('/');
    const banner = page.getByRole('region', { name: text.banner });

    await page.clock.runFor(299);
    await expect(banner).toHaveCount(0);
    await page.clock.runFor(1);
    await expectShown(page, banner);
    await expect(banner.getByRole('link', { name: text.bannerLink })).toHaveAttribute('href', '/try');
    // Fixed to the viewport's bottom, so it never pushes the page around.
    const box = (await banner.boundingBox())!;
    expect(box.y + box.height).toBeGreaterThan(page.viewportSize()!.height - 40);
    expect(await banner.evaluate((el) => getComputedStyle(el).position)).toBe('fixed');

    await banner.getByRole('button', { name: text.bannerClose }).click();
    await page.clock.runFor(600);
    await expect(banner).toHaveCount(0);
    const closedAt = Number(await page.evaluate((key) => localStorage.getItem(key), BANNER_CLOSED_KEY));
    expect(closedAt).toBeGreaterThanOrEqual(start.getTime());

    await page.reload();
    await page.clock.runFor(1000);
    await expect(banner).toHaveCount(0);

    await page.clock.setSystemTime(new Date(closedAt + 30 * MINUTE));
    await page.reload();
    await page.clock.runFor(300);
    await expectShown(page, banner);
  });

  test(`[${language}] the banner's link opens /try and closes it for good`, async ({ page }) => {
    await useLanguage(page, language);
    await page.goto('/');
    const banner = page.getByRole('region', { name: text.banner });

    await banner.getByRole('link', { name: text.bannerLink }).click();

    await expect(page).toHaveURL(/\/try$/);
    await expect(banner).toHaveCount(0);
    expect(await page.evaluate((key) => localStorage.getItem(key), BANNER_CLOSED_KEY)).not.toBeNull();
    await page.reload();
    await page.waitForTimeout(800);
    await expect(banner).toHaveCount(0);
  });

  test(`[${language}] the navigation links every page, with Try it as the call to action`, async ({ page }) => {
    await useLanguage(page, language);
    await withoutBanner(page);
    await page.goto('/');

    const tryLink = await navLink(page, language, text.nav.try);
    await expect(tryLink.locator('svg.lucide-heart')).toHaveCount(1);
    const nav = isPhone()
      ? page.locator('#mobile-menu')
      : page.getByRole('navigation', { name: language === 'ko' ? '주 메뉴' : 'Main' });
    expect(await nav.getByRole('link').evaluateAll((links) => links.map((a) => a.getAttribute('href')))).toEqual([
      '/',
      '/how',
      '/about',
      '/why',
      '/partner',
      '/try',
      '/blog',
      '/support',
    ]);
  });

  // The menu button exists below the lg breakpoint only.
  test(`[${language}] the phone menu: 48 px targets, navigates and closes`, { tag: '@phone' }, async ({ page }) => {
    await useLanguage(page, language);
    await withoutBanner(page);
    await page.goto('/');
    const toggle = page.getByRole('button', { name: text.openMenu });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect((await toggle.boundingBox())!.height).toBeGreaterThanOrEqual(48);

    await toggle.click();

    const close = page.getByRole('button', { name: text.closeMenu });
    await expect(close).toHaveAttribute('aria-expanded', 'true');
    await expect(close).toHaveAttribute('aria-controls', 'mobile-menu');
    const links = page.locator('#mobile-menu').getByRole('link');
    await expect(links).toHaveCount(8);
    for (const link of await links.all()) {
      expect((await link.boundingBox())!.height).toBeGreaterThanOrEqual(48);
    }

    await links.filter({ hasText: text.nav.support }).click();

    await expect(page).toHaveURL(/\/support$/);
    await expect(page.locator('#mobile-menu')).toHaveCount(0);
    await expect(page.getByRole('button', { name: text.openMenu })).toHaveAttribute('aria-expanded', 'false');
  });

  test(`[${language}] the footer shows the contact details, the year and the legal links`, async ({ page }) => {
    await useLanguage(page, language);
    await withoutBanner(page);
    await page.goto('/');
    const footer = page.getByRole('contentinfo');

    const email = footer.getByRole('link', { name: new RegExp(`^${text.email}`) });
    const address = (await email.textContent())!.replace(text.email, '').trim();
    expect(address).toMatch(/^[^@\s]+@[^@\s]+$/);
    await expect(email).toHaveAttribute('href', `mailto:${address}`);
    const phone = footer.getByRole('link', { name: new RegExp(`^${text.phone}`) });
    await expect(phone).toHaveAttribute('href', /^tel:\+?\d+$/);
    await expect(footer).toContainText(`© ${new Date().getFullYear()} Giftcast`);
    await expect(footer.getByRole('link', { name: text.terms })).toHaveAttribute('href', '/terms');

    await footer.getByRole('link', { name: text.privacy }).click();
    await expect(page).toHaveURL(/\/privacy$/);
  });

  test(`[${language}] a toast shows at the top on phones, bottom right on desktop, and F8 focuses it`, async ({
    page,
  }) => {
    await useLanguage(page, language);
    await withoutBanner(page);
    await page.route('**/api/subscribe', (route) =>
      route.fulfill({
        status: 400,
        contentType: 'application/json',
        body: JSON.stringify({ statusCode: 400, error: 'E2E failure' }),
      }),
    );
    await page.goto('/blog');

    await page.getByTestId('newsletter-email').fill(`shell-${language}@example.com`);
    await page.getByRole('button', { name: text.subscribe, exact: true }).click();

    const region = page.getByRole('region', { name: text.toastRegion });
    const toast = region.getByRole('status');
    await expect(toast).toContainText('E2E failure');
    await expect(toast).toHaveCount(1);
    const box = (await toast.boundingBox())!;
    const viewport = page.viewportSize()!;
    if (isPhone()) {
      expect(box.y).toBeLessThan(100);
    } else {
      expect(box.y + box.height).toBeGreaterThan(viewport.height - 100);
      expect(box.x + box.width).toBeGreaterThan(viewport.width - 100);
      expect(box.width).toBeLessThanOrEqual(420);
    }

    await page.keyboard.press('F8');
    await expect(region).toBeFocused();
  });

  test(`[${language}] navigating from a scrolled page lands at the top`, async ({ page }) => {
    await useLanguage(page, language);
    await withoutBanner(page);
    await page.goto('/');
    await scrollDown(page);

    await page.getByRole('contentinfo').getByRole('link', { name: text.terms }).click();

    await expect(page).toHaveURL(/\/terms$/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });

  test(`[${language}] the current page's link scrolls back to the top`, async ({ page }) => {
    await useLanguage(page, language);
    await withoutBanner(page);
    await page.goto('/how');
    await scrollDown(page);

    await (await navLink(page, language, text.nav.how)).click();

    await expect(page).toHaveURL(/\/how$/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });
}
