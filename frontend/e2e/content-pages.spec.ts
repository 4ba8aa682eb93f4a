import { type Page } from '@playwright/test';
import { expect, test } from './support/test';
import { E2E } from './support/stack';

// The contact details the backend was started with (CONTACT_EMAIL, CONTACT_PHONE), not the build's.
const { contact } = E2E;

type Language = 'ko' | 'en';

interface PageExpectation {
  path: string;
  h1: string;
  /** h2 headings that must be on the page. */
  sections: string[];
}

const PAGES: Record<Language, PageExpectation[]> = {
  ko: [
    { path: '/how', h1: '세 단계면 충분해요', sections: ['영상으로 먼저 보기', '단계별 안내'] },
    {
      path: '/about',
      h1: '선물에 담긴 마음을 오래 기억하도록',
      sections: ['한눈에 보는 Giftcast', '세 가지 원칙', '비전', '특허 기술'],
    },
    {
      path: '/why',
      h1: '카드 한 장으로는 부족할 때',
      sections: [
        '목소리와 표정은 글보다 많은 것을 전합니다',
        '앱도, 회원가입도 필요 없습니다',
        '7일 뒤 자동 삭제로 안심할 수 있습니다',
      ],
    },
    {
      path: '/partner',
      h1: '매장의 선물에 영상 메시지를 더해 보세요',
      sections: ['파트너가 얻는 것', '파트너 혜택', '파트너 가입 절차', '이런 매장과 함께합니다', '파트너 상담 신청'],
    },
    {
      path: '/privacy',
      h1: '개인정보처리방침',
      sections: ['1. 개인정보의 처리 목적', '3. 개인정보의 보유 및 이용 기간', '12. 개인정보처리방침의 변경'],
    },
    {
      path: '/terms',
      h1: '이용약관',
      sections: ['제1조 (목적)', '제6조 (구매, 결제 및 환불)', '제12조 (준거법, 분쟁 해결 및 문의)'],
    },
    { path: '/content-pages-missing', h1: '페이지를 찾을 수 없습니다', sections: [] },
  ],
  en: [
    { path: '/how', h1: 'Three steps are all it takes', sections: ['See it first', 'Step by step'] },
    {
      path: '/about',
      h1: 'So the feeling behind a gift is remembered',
      sections: ['Giftcast at a glance', 'Three principles', 'Our vision', 'Patented technology'],
    },
    {
      path: '/why',
      h1: 'When a card is not enough',
      sections: ['A voice and a face say more than words', 'No app, no sign-up', 'Peace of mind: deleted after 7 days'],
    },
    {
      path: '/partner',
      h1: 'Add video messages to the gifts you sell',
      sections: [
        'What partners gain',
        'Partner benefits',
        'How to become a partner',
        'Who we work with',
        'Apply for a partner consultation',
      ],
    },
    {
      path: '/privacy',
      h1: 'Privacy Policy',
      sections: ['1. Why we process personal data', '3. How long we keep it', '12. Changes to this policy'],
    },
    {
      path: '/terms',
      h1: 'Terms of Service',
      sections: [
        'Article 1 (Purpose)',
        'Article 6 (Purchase, payment and refunds)',
        'Article 12 (Governing law, disputes and contact)',
      ],
    },
    { path: '/content-pages-missing', h1: 'Page Not Found', sections: [] },
  ],
};

async function useLanguage(page: Page, language: Language) {
  await page.addInitScript((lang) => localStorage.setItem('giftcast-language', lang), language);
}

for (const language of ['ko', 'en'] as const) {
  for (const expected of PAGES[language]) {
    test(`${expected.path} in ${language}: heading, sections and no sideways scrolling`, async ({ page }) => {
      await useLanguage(page, language);
      await page.goto(expected.path);

      await expect(page.getByRole('heading', { level: 1 })).toHaveText(expected.h1);
      for (const section of expected.sections) {
        await expect(page.getByRole('heading', { level: 2, name: section, exact: true })).toBeVisible();
      }
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
    });
  }

  test(`the legal pages in ${language} show 12 sections and the configured email and phone`, async ({ page }) => {
    await useLanguage(page, language);
    for (const path of ['/privacy', '/terms']) {
      await page.goto(path);
      const article = page.locator('article');
      await expect(article.getByRole('heading', { level: 2 })).toHaveCount(12);
      await expect(article.getByText(contact.CONTACT_EMAIL).first()).toBeVisible();
      await expect(article.getByText(contact.CONTACT_PHONE).first()).toBeVisible();
      await expect(article).toContainText(language === 'ko' ? '2025년 10월 10일' : 'October 10, 2025');
    }
  });
}

/** Starts a video from the page (muted, as a visitor's tap would) and waits until time passes. */
async function expectPlays(page: Page, testId: string) {
  const video = page.getByTestId(testId);
  await expect(video).toBeVisible();
  await video.evaluate(async (element: HTMLVideoElement) => {
    element.muted = true;
    await element.play();
  });
  await expect
    .poll(() => video.evaluate((element: HTMLVideoElement) => element.currentTime), { timeout: 10_000 })
    .toBeGreaterThan(0.5);
}

/** The path of the file the video element actually loaded, and its length in whole seconds. */
function loaded(page: Page, testId: string) {
  return page.getByTestId(testId).evaluate((element: HTMLVideoElement) => ({
    src: new URL(element.currentSrc).pathname,
    seconds: Math.round(element.duration),
  }));
}

test('/how plays the intro video, then the tutorial after switching tabs, pausing the intro', async ({ page }) => {
  await useLanguage(page, 'en');
  await page.goto('/how');

  const introTab = page.getByRole('tab', { name: 'Intro video' });
  const tutorialTab = page.getByRole('tab', { name: 'Tutorial video' });
  await expect(introTab).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('how-video-tutorial')).toBeHidden();
  await expectPlays(page, 'how-video-intro');
  expect(await loaded(page, 'how-video-intro')).toEqual({ src: '/media/how-intro-en.mp4', seconds: 12 });

  await tutorialTab.click();
  await expect(tutorialTab).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('how-video-intro')).toBeHidden();
  expect(await page.getByTestId('how-video-intro').evaluate((element: HTMLVideoElement) => element.paused)).toBe(true);
  await expectPlays(page, 'how-video-tutorial');
  expect(await loaded(page, 'how-video-tutorial')).toEqual({ src: '/media/how-tutorial-en.mp4', seconds: 18 });

  // Keyboard users move between the tabs with the arrow keys.
  await tutorialTab.focus();
  await page.keyboard.press('ArrowLeft');
  await expect(introTab).toBeFocused();
  await expect(introTab).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('how-video-intro')).toBeVisible();
});

test('/how in Korean plays the Korean intro, and the English one once the visitor switches', async ({ page }) => {
  await page.goto('/how');

  const intro = page.getByTestId('how-video-intro');
  await expect(intro).toHaveAttribute('poster', '/media/how-intro-ko.jpg');
  await expect(intro.locator('source')).toHaveAttribute('src', '/media/how-intro-ko.mp4');
  await expectPlays(page, 'how-video-intro');
  expect(await loaded(page, 'how-video-intro')).toEqual({ src: '/media/how-intro-ko.mp4', seconds: 12 });

  await page.getByRole('button', { name: 'Switch to English' }).click();
  await expect(intro).toHaveAttribute('poster', '/media/how-intro-en.jpg');
  await expect(intro.locator('source')).toHaveAttribute('src', '/media/how-intro-en.mp4');
  await expectPlays(page, 'how-video-intro');
  expect(await loaded(page, 'how-video-intro')).toEqual({ src: '/media/how-intro-en.mp4', seconds: 12 });
});

test('/how serves each video and poster in both languages as MP4 and JPEG', async ({ request }) => {
  for (const language of ['ko', 'en']) {
    for (const name of ['how-intro', 'how-tutorial']) {
      const video = await request.get(`/media/${name}-${language}.mp4`);
      expect(video.status()).toBe(200);
      expect(video.headers()['content-type']).toContain('video/mp4');
      expect((await video.body()).byteLength).toBeLessThan(3 * 1024 * 1024);
      const poster = await request.get(`/media/${name}-${language}.jpg`);
      expect(poster.status()).toBe(200);
      expect(poster.headers()['content-type']).toContain('image/jpeg');
    }
  }
});

test('/partner lays the process out as 3 + 2 on desktop and stacks it on phones', async ({ page }, testInfo) => {
  await page.goto('/partner');
  const steps = page.getByTestId('partner-process-step');
  await expect(steps).toHaveCount(5);
  await steps.nth(4).scrollIntoViewIfNeeded();
  const boxes = await Promise.all([0, 1, 2, 3, 4].map(async (i) => (await steps.nth(i).boundingBox())!));
  const top = (i: number) => Math.round(boxes[i].y);
  const left = (i: number) => Math.round(boxes[i].x);

  if (testInfo.project.name === 'desktop') {
    expect(top(1)).toBe(top(0));
    expect(top(2)).toBe(top(0));
    expect(left(0)).toBeLessThan(left(1));
    expect(left(1)).toBeLessThan(left(2));
    expect(top(3)).toBeGreaterThanOrEqual(boxes[0].y + boxes[0].height);
    expect(top(4)).toBe(top(3));
    expect(left(3)).toBeLessThan(left(4));
  } else {
    for (let i = 1; i < 5; i++) {
      expect(left(i)).toBe(left(0));
      expect(top(i)).toBeGreaterThanOrEqual(boxes[i - 1].y + boxes[i - 1].height);
    }
  }

  await expect(page.getByTestId('partner-target')).toHaveCount(10);
  await expect(page.getByText('계약 승인 1일 이내')).toBeVisible();
  await expect(page.getByText('상담 신청 약 5분')).toBeVisible();
  const email = page.getByTestId('partner-email');
  await expect(email).toHaveText(`파트너 문의: ${contact.CONTACT_EMAIL}`);
  const form = (await page.locator('#partner-inquiry form').boundingBox())!;
  expect((await email.boundingBox())!.y).toBeGreaterThanOrEqual(form.y + form.height);
});

test('/why and /partner illustrations load with their reserved size', async ({ page }) => {
  for (const path of ['/why', '/partner']) {
    await page.goto(path);
    const images = page.locator('main img');
    const count = await images.count();
    expect(count).toBeGreaterThan(0);
    for (let i = 0; i < count; i++) {
      const image = images.nth(i);
      await image.scrollIntoViewIfNeeded();
      await expect(image).toHaveAttribute('alt', /.+/);
      await expect
        .poll(() => image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth))
        .toBeGreaterThan(0);
    }
  }
});
