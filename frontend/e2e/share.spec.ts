import { createHash } from 'node:crypto';
import { type Page, type Request } from '@playwright/test';
import { startSecondSite, type SecondSite } from './support/second-site';
import { expect, test } from './support/test';
import { useLanguage, withoutBanner } from './support/visitor';

/** A post of the demo content, published from the start; no test changes it. */
const SEEDED_POST = 'why-seven-days';
const KAKAO_KEY = 'e2e0kakao0javascript0key';
const SDK_URL = 'https://t1.kakaocdn.net/kakao_js_sdk/2.7.9/kakao.min.js';

/**
 * Kakao's SDK as a stand-in (the tests cannot reach Kakao): `Kakao.init` and
 * `Kakao.Share.sendDefault`, which records each card it is asked to share.
 */
const STAND_IN_SDK = `window.Kakao = {
  key: '',
  init(key) { this.key = key; },
  isInitialized() { return this.key !== ''; },
  Share: { sendDefault(settings) { (window.kakaoCards = window.kakaoCards || []).push({ key: window.Kakao.key, settings }); } },
};`;
/** The stand-in's integrity: the site is set up with it, so the browser checks the file as it would Kakao's. */
const STAND_IN_INTEGRITY = `sha384-${createHash('sha384').update(STAND_IN_SDK).digest('base64')}`;

interface SharedCard {
  key: string;
  settings: {
    objectType: string;
    content: { title: string; description: string; imageUrl: string; link: { webUrl: string; mobileWebUrl: string } };
    buttons: { title: string; link: { webUrl: string } }[];
  };
}

const TEXTS = {
  ko: {
    kakao: '카카오톡 공유하기',
    copy: '링크 복사',
    more: '자세히 보기',
    kakaoGuide: '카카오톡 대화방에 붙여넣어 공유해 주세요.',
  },
  en: {
    kakao: 'Share on KakaoTalk',
    copy: 'Copy link',
    more: 'Read more',
    kakaoGuide: 'Paste it into a KakaoTalk chat to share it.',
  },
} as const;

/** Every request the page makes to anything but the site itself. */
function outsideRequests(page: Page, site: string): string[] {
  const requests: string[] = [];
  page.on('request', (request: Request) => {
    if (new URL(request.url()).origin !== new URL(site).origin) requests.push(request.url());
  });
  return requests;
}

test.describe('KakaoTalk sharing with a Kakao app key', { tag: '@desktop' }, () => {
  let site: SecondSite;

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    site = await startSecondSite({ KAKAO_JS_KEY: KAKAO_KEY, KAKAO_SDK_INTEGRITY: STAND_IN_INTEGRITY });
  });

  test.afterAll(async () => {
    await site?.stop();
  });

  for (const language of ['ko', 'en'] as const) {
    const text = TEXTS[language];

    test(`[${language}] loads Kakao's SDK only when the visitor reaches for the button, and shares the post's feed card`, async ({
      page,
      request,
    }) => {
      const post = (await (await request.get(`${site.url}/api/posts/slug/${SEEDED_POST}`)).json()) as {
        title: string;
        titleEn: string | null;
        excerpt: string;
        excerptEn: string | null;
      };
      const problems: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') problems.push(message.text());
      });
      const sdkRequests: string[] = [];
      await page.route(`${SDK_URL}*`, (route) => {
        sdkRequests.push(route.request().url());
        return route.fulfill({
          contentType: 'text/javascript',
          // A CDN's answer to a crossorigin script, which the integrity check needs.
          headers: { 'Access-Control-Allow-Origin': '*' },
          body: STAND_IN_SDK,
        });
      });
      await useLanguage(page, language);
      await withoutBanner(page);
      const outside = outsideRequests(page, site.url);

      await page.goto(`${site.url}/blog/${SEEDED_POST}${language === 'en' ? '?lang=en' : ''}`);
      const kakao = page.getByRole('button', { name: text.kakao });
      await expect(kakao).toBeVisible();
      expect(sdkRequests).toEqual([]);

      await kakao.hover();
      await expect.poll(() => sdkRequests).toEqual([SDK_URL]);
      await kakao.click();

      const address = `${site.url}/blog/${SEEDED_POST}${language === 'en' ? '?lang=en' : ''}`;
      await expect
        .poll(() => page.evaluate(() => (window as unknown as { kakaoCards?: SharedCard[] }).kakaoCards ?? []))
        .toEqual([
          {
            key: KAKAO_KEY,
            settings: {
              objectType: 'feed',
              content: {
                title: language === 'en' && post.titleEn ? post.titleEn : post.title,
                description: language === 'en' && post.excerptEn ? post.excerptEn : post.excerpt,
                // The demo post has no thumbnail: the site's picture, as an absolute address.
                imageUrl: `${site.url}/media/share-${language}.jpg`,
                link: { webUrl: address, mobileWebUrl: address },
              },
              buttons: [{ title: text.more, link: { webUrl: address, mobileWebUrl: address } }],
            },
          },
        ]);
      // Nothing else left the site, and the Content-Security-Policy let the SDK run.
      expect(outside).toEqual([SDK_URL]);
      expect(problems).toEqual([]);
      await expect(page.getByText(text.kakaoGuide)).toHaveCount(0);
    });
  }
});

for (const language of ['ko', 'en'] as const) {
  const text = TEXTS[language];

  test(`[${language}] without a Kakao app key nothing is loaded from Kakao: the KakaoTalk button copies the link`, async ({
    page,
    context,
    baseURL,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await useLanguage(page, language);
    await withoutBanner(page);
    const outside = outsideRequests(page, baseURL!);

    const response = await page.goto(`/blog/${SEEDED_POST}`);
    expect(response!.headers()['content-security-policy']).not.toContain('kakao');
    const kakao = page.getByRole('button', { name: text.kakao });
    await kakao.hover();
    await kakao.focus();
    // A phone has no share sheet here (headless Chromium): the fallback copies the link.
    await (test.info().project.name === 'phone' ? kakao.tap() : kakao.click());

    await expect(page.getByText(text.kakaoGuide)).toBeVisible();
    expect(await page.locator('html').getAttribute('data-kakao-js-key')).toBeNull();
    expect(outside.filter((url) => /kakao/i.test(url))).toEqual([]);
    expect(outside).toEqual([]);
  });
}

test.describe('tooltips on icon-only buttons', () => {
  for (const language of ['ko', 'en'] as const) {
    const text = TEXTS[language];

    test(`[${language}] keyboard focus on a share button shows its name`, { tag: '@desktop' }, async ({ page }) => {
      await useLanguage(page, language);
      await withoutBanner(page);
      await page.goto(`/blog/${SEEDED_POST}`);
      const copy = page.getByRole('button', { name: text.copy });
      const kakao = page.getByRole('button', { name: text.kakao });

      // From the KakaoTalk button, the keyboard moves on to the next ones.
      await kakao.focus();
      for (let step = 0; step < 5; step += 1) await page.keyboard.press('Tab');

      await expect(copy).toBeFocused();
      await expect(page.getByRole('tooltip', { name: text.copy })).toBeVisible();
      // The tooltips of the buttons passed on the way may still be leaving; only the focused one stays open.
      await expect(page.locator('[role="tooltip"][data-state="open"]')).toHaveText([text.copy]);
    });
  }

  test('a tap on a phone leaves no tooltip open', { tag: '@phone' }, async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await withoutBanner(page);
    await page.clock.install();
    await page.goto(`/blog/${SEEDED_POST}`);

    await page.getByRole('button', { name: '메뉴 열기' }).tap();
    await page.getByRole('button', { name: '메뉴 닫기' }).tap();
    const copy = page.getByRole('button', { name: TEXTS.ko.copy });
    await copy.tap();
    await expect(page.getByText('링크가 복사되었습니다!')).toBeVisible();
    // Long past the open delay: a tooltip a tap had started would show by now.
    await page.clock.runFor(2000);
    await expect(page.getByRole('tooltip')).toHaveCount(0);

    // The button has its tooltip all the same: a keyboard reaching it shows it, once the first key
    // press has brought the tooltips' code (a Tab that races that code is the limit noted in tooltip.tsx).
    await page.keyboard.press('Shift');
    await expect(copy).toHaveAttribute('data-part', 'trigger');
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Tab');
    await expect(copy).toBeFocused();
    await expect(page.getByRole('tooltip', { name: TEXTS.ko.copy })).toBeVisible();
    await expect(page.locator('[role="tooltip"][data-state="open"]')).toHaveText([TEXTS.ko.copy]);
  });
});
