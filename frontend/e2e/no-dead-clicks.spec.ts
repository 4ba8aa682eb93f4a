import { type BrowserContext, type Locator, type Page, expect, test as base } from '@playwright/test';
import { freshCode, subscribedToken } from './support/seeding';
import { useLanguage, withoutBanner } from './support/visitor';

// A visitor taps as soon as the page shows its buttons. On a slow phone (the CPU slowed 4x) a click
// 0 to 1000 ms after the load event must do what it says: never a dead button while the app is
// still taking over the server's HTML. A click fails only when its effect never shows (10 s is
// far past any slow start); how fast it showed is a figure, printed for each click and measured by
// `make bench-web`, never a pass or a fail. Deliberately not ./support/test, whose goto waits until
// the app has taken over: that wait is what this file is about.

/** After the load event, before the click; one fresh visit per delay. */
const DELAYS_MS = [0, 100, 250, 500, 1000];
/** A click whose effect has not shown after this long was lost: a dead click, whatever the machine. */
const DEAD_AFTER_MS = 10_000;
const CPU_SLOWDOWN = 4;

const TEXTS = {
  ko: {
    switchLanguage: 'Switch to English',
    headingAfterSwitch: 'Give your gift a voice and a smile',
    whyLink: '왜 필요할까요?',
    whyHeading: '카드 한 장으로는 부족할 때',
    faqQuestion: '영상은 얼마 동안 보관되나요?',
    faqAnswer: '7일 동안 보관되고',
    sendInquiry: '문의 보내기',
    fieldErrors: [
      '이름을 2자 이상 입력해주세요',
      '유효한 이메일 주소를 입력해주세요',
      '메시지를 10자 이상 입력해주세요',
    ],
    cancel: '취소',
    unsubscribe: '구독 해지',
    unsubscribed: '구독이 해지되었습니다',
    blogHeading: '추천 콘텐츠',
    copyLink: '링크 복사',
    copied: '링크가 복사되었습니다!',
    downloadQr: (serial: string) => `QR #${serial} 다운로드`,
    record: '지금 녹화하기',
    cameraPreview: '카메라 미리보기',
    cameraDenied: '카메라를 쓸 수 없어요',
  },
  en: {
    openMenu: 'Open menu',
    menu: 'Main',
    menuLink: 'Support',
    whyLink: 'Why it matters',
    whyHeading: 'When a card is not enough',
    faqQuestion: 'How long are videos kept?',
    faqAnswer: 'kept for 7 days',
    sendInquiry: 'Send inquiry',
    fieldErrors: [
      'Please enter at least 2 characters for the name',
      'Please enter a valid email address',
      'Please enter at least 10 characters for the message',
    ],
    cancel: 'Cancel',
    unsubscribe: 'Unsubscribe',
    unsubscribed: 'Unsubscribed Successfully',
    blogHeading: 'Recommended Content',
    copyLink: 'Copy link',
    copied: 'Link Copied!',
    downloadQr: (serial: string) => `Download QR #${serial}`,
    record: 'Record now',
    cameraPreview: 'Camera preview',
    cameraDenied: "The camera isn't available",
  },
} as const;

/** A post of the demo content, published from the start; no test changes it. */
const SEEDED_POST = 'why-seven-days';
/** The first code /try lists; no test changes it. */
const FIRST_TRY_SERIAL = '0500';

/** The desktop visitor reads Korean, the phone visitor English: both languages get clicked. */
const onPhone = () => test.info().project.name === 'phone';

/** The time left of a wait that started now, for effects made of several things to see. */
function deadline(timeout: number): () => number {
  const end = Date.now() + timeout;
  return () => Math.max(1, end - Date.now());
}

/** True once every locator is visible, in turn, within `timeout` ms. */
async function shows(timeout: number, ...locators: Locator[]): Promise<boolean> {
  const left = deadline(timeout);
  try {
    for (const locator of locators) await locator.waitFor({ state: 'visible', timeout: left() });
    return true;
  } catch {
    return false;
  }
}

/** True once the page is at `path` (in-app or by loading it) and shows its level-1 `heading`. */
async function arrives(page: Page, timeout: number, path: string, heading: string): Promise<boolean> {
  const left = deadline(timeout);
  try {
    await page.waitForURL((url) => url.pathname === path, { timeout: left(), waitUntil: 'commit' });
  } catch {
    return false;
  }
  return shows(left(), page.getByRole('heading', { level: 1, name: heading }));
}

interface Click {
  /** Names the click in a failure. */
  target: string;
  path: string;
  control: (page: Page) => Locator;
  /** Called just before the click: resolves true once the visitor sees what it does, false after `timeout` ms. */
  effect: (page: Page, timeout: number) => Promise<boolean>;
  permissions?: string[];
}

const test = base.extend<{ visitor: () => Promise<BrowserContext> }>({
  /** A new visitor on this project's screen each call: an empty cache, the language and the closed banner stored. */
  visitor: async ({ browser, viewport, isMobile, hasTouch, userAgent, baseURL }, use) => {
    const language = onPhone() ? 'en' : 'ko';
    await use(async () => {
      const context = await browser.newContext({ viewport, isMobile, hasTouch, userAgent, baseURL });
      // Chosen on an earlier visit: the server's pages and the app agree on it from the first HTML.
      await context.addCookies([{ name: 'giftcast-language', value: language, url: baseURL! }]);
      await useLanguage(context, language);
      await withoutBanner(context);
      return context;
    });
  },
});

/**
 * Loads `click.path` once per delay with the CPU slowed, waits for the load event and the delay,
 * clicks the control once as soon as it is visible, and expects its effect to show. Every delay is
 * tried; each dead click is its own failure, naming the click and the delay.
 */
async function expectEveryClickAnswered(visitor: () => Promise<BrowserContext>, click: Click): Promise<void> {
  // The page once, untimed, in the visitor's language: a server that has just started renders and
  // caches it on its first request, which a visitor of a running site never waits for.
  const warmUp = await visitor();
  await warmUp.request.get(click.path);
  await warmUp.close();
  for (const delay of DELAYS_MS) {
    const context = await visitor();
    try {
      if (click.permissions) await context.grantPermissions(click.permissions);
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
      await page.goto(click.path, { waitUntil: 'load' });
      await page.waitForTimeout(delay);
      const control = click.control(page);
      await control.waitFor({ state: 'visible', timeout: 15_000 });
      const clickedAt = Date.now();
      // The time the effect showed, taken when it shows: the click itself returns late on a busy page.
      const shownAfter = click.effect(page, DEAD_AFTER_MS).then((shown) => (shown ? Date.now() - clickedAt : null));
      // Once, where the control is now: Playwright's wait for a stable, enabled, unobscured target
      // (and its retries) would wait out exactly the dead time this test is after.
      await control.click({ trial: false, force: true, timeout: 10_000 });
      const shownAfterMs = await shownAfter;
      // One line per click, for the matrix `make test-clicks` prints: project, click, delay, answer.
      console.log(
        `click\t${test.info().project.name}\t${click.target}\t+${delay} ms\t${shownAfterMs === null ? 'none' : `${shownAfterMs} ms`}`,
      );
      expect
        .soft(
          shownAfterMs,
          `${click.target}, clicked ${delay} ms after the load event: nothing showed within ${DEAD_AFTER_MS / 1000} s (a dead click)`,
        )
        .not.toBeNull();
    } catch (error) {
      // The visit itself failed (the page did not load, the control never showed): named too.
      throw new Error(`${click.target}, ${delay} ms after the load event: ${String(error)}`, { cause: error });
    } finally {
      await context.close();
    }
  }
}

test.describe('no dead clicks while the page starts (CPU slowed 4x)', () => {
  test.describe.configure({ timeout: 150_000 });

  test('the language toggle switches the page to English', { tag: '@desktop' }, async ({ visitor }) => {
    const text = TEXTS.ko;
    await expectEveryClickAnswered(visitor, {
      target: 'the language toggle on /',
      path: '/',
      control: (page) => page.getByRole('button', { name: text.switchLanguage }),
      effect: (page, timeout) => shows(timeout, page.getByRole('heading', { level: 1, name: text.headingAfterSwitch })),
    });
  });

  test('the menu button opens the menu', { tag: '@phone' }, async ({ visitor }) => {
    const text = TEXTS.en;
    await expectEveryClickAnswered(visitor, {
      target: 'the menu button on /',
      path: '/',
      control: (page) => page.getByRole('button', { name: text.openMenu }),
      effect: (page, timeout) =>
        shows(
          timeout,
          page.getByRole('navigation', { name: text.menu }).getByRole('link', { name: text.menuLink, exact: true }),
        ),
    });
  });

  test('a hero link on / opens its page', async ({ visitor }) => {
    const text = onPhone() ? TEXTS.en : TEXTS.ko;
    await expectEveryClickAnswered(visitor, {
      target: `the hero link "${text.whyLink}" on /`,
      path: '/',
      control: (page) => page.getByRole('link', { name: text.whyLink }),
      effect: (page, timeout) => arrives(page, timeout, '/why', text.whyHeading),
    });
  });

  test('a question of the /support FAQ shows its answer', async ({ visitor }) => {
    const text = onPhone() ? TEXTS.en : TEXTS.ko;
    await expectEveryClickAnswered(visitor, {
      target: 'a FAQ question on /support',
      path: '/support',
      control: (page) => page.getByRole('button', { name: text.faqQuestion }),
      effect: (page, timeout) => shows(timeout, page.getByText(text.faqAnswer)),
    });
  });

  test('sending the empty inquiry form on /support shows the field errors', async ({ visitor }) => {
    const text = onPhone() ? TEXTS.en : TEXTS.ko;
    await expectEveryClickAnswered(visitor, {
      target: 'the inquiry form’s send button on /support (form empty)',
      path: '/support',
      control: (page) => page.getByRole('button', { name: text.sendInquiry }),
      effect: (page, timeout) => shows(timeout, ...text.fieldErrors.map((error) => page.getByText(error))),
    });
  });

  test('Cancel on the unsubscribe page goes back to the blog', async ({ visitor, request }) => {
    const text = onPhone() ? TEXTS.en : TEXTS.ko;
    const token = await subscribedToken(request, 'no-dead-clicks-cancel');
    await expectEveryClickAnswered(visitor, {
      target: 'Cancel on /unsubscribe',
      path: `/unsubscribe?token=${token}`,
      control: (page) => page.getByRole('link', { name: text.cancel, exact: true }),
      effect: (page, timeout) => arrives(page, timeout, '/blog', text.blogHeading),
    });
  });

  test('Unsubscribe on the unsubscribe page unsubscribes', async ({ visitor, request }) => {
    const text = onPhone() ? TEXTS.en : TEXTS.ko;
    // Unsubscribing a token twice answers the same: one subscriber serves every delay.
    const token = await subscribedToken(request, 'no-dead-clicks-confirm');
    await expectEveryClickAnswered(visitor, {
      target: 'Unsubscribe on /unsubscribe',
      path: `/unsubscribe?token=${token}`,
      control: (page) => page.getByRole('button', { name: text.unsubscribe, exact: true }),
      effect: (page, timeout) => shows(timeout, page.getByRole('heading', { name: text.unsubscribed })),
    });
  });

  test('copy link on a blog post says the link was copied', async ({ visitor }) => {
    const text = onPhone() ? TEXTS.en : TEXTS.ko;
    await expectEveryClickAnswered(visitor, {
      target: `copy link on /blog/${SEEDED_POST}`,
      path: `/blog/${SEEDED_POST}`,
      permissions: ['clipboard-read', 'clipboard-write'],
      control: (page) => page.getByRole('button', { name: text.copyLink }),
      effect: (page, timeout) => shows(timeout, page.getByText(text.copied)),
    });
  });

  test('a download button on /try downloads the QR code', async ({ visitor }) => {
    const text = onPhone() ? TEXTS.en : TEXTS.ko;
    await expectEveryClickAnswered(visitor, {
      target: `the download button of #${FIRST_TRY_SERIAL} on /try`,
      path: '/try',
      control: (page) => page.getByRole('button', { name: text.downloadQr(FIRST_TRY_SERIAL) }),
      effect: (page, timeout) =>
        page.waitForEvent('download', { timeout }).then(
          () => true,
          () => false,
        ),
    });
  });

  test('the record button of an unused code turns the camera on', async ({ visitor, request }) => {
    const text = onPhone() ? TEXTS.en : TEXTS.ko;
    // Pressing record leaves the code unused: one code serves every delay.
    const code = await freshCode(request);
    await expectEveryClickAnswered(visitor, {
      target: 'the record button on /v/{unused code}',
      path: `/v/${code.qrToken}`,
      control: (page) => page.getByRole('button', { name: text.record }),
      // The camera's preview, or the state that says the camera is refused: either way the click was heard.
      effect: (page, timeout) =>
        shows(timeout, page.getByLabel(text.cameraPreview).or(page.getByRole('heading', { name: text.cameraDenied }))),
    });
  });
});
