import { type Page } from '@playwright/test';
import { answerEmptyList, answerServerError, holdAnswer } from './support/api-answers';
import { navLink } from './support/navigation';
import { expect, test } from './support/test';

const FEATURED_TESTIMONIALS = '/api/testimonials/featured';

const TEXTS = {
  ko: {
    h1: '선물에 목소리와 표정을 더하세요',
    carousel: '서비스 소개 슬라이드',
    slide: (n: number) => `3개 중 ${n}번째`,
    titles: ['꽃다발에 마음의 목소리를 담아요', '앱도 가입도 없이, 바로 녹화', '같은 QR로 열리는 영상 편지'],
    dot: (n: number) => `${n}번째 슬라이드 보기`,
    why: '왜 필요할까요?',
    how: '이용 방법 보기',
    about: '서비스 소개',
    tryIt: '지금 체험하기',
    steps: ['01 QR 스캔', '02 영상 업로드', '03 선물 전달'],
    testimonialsHeading: '주는 사람도, 받는 사람도 웃었어요',
    seeded: ['김민지', '박준호', '이서연'],
    fallbackName: '최유진',
    fourStars: '5점 만점에 4점',
    fiveStars: '5점 만점에 5점',
    home: '홈',
    testimonialsLoading: '후기를 불러오는 중…',
    scenarios: ['최유진', '한도윤', '윤서아', '강민재', '임가은', '송미래', '조은호', '배지호', '서정민', '문하린'],
  },
  en: {
    h1: 'Give your gift a voice and a smile',
    carousel: 'Service highlights',
    slide: (n: number) => `${n} of 3`,
    titles: [
      'Let your flowers speak for you',
      'Record on the spot, no app, no account',
      'A video letter that opens with the same code',
    ],
    dot: (n: number) => `Show slide ${n}`,
    why: 'Why it matters',
    how: 'See how it works',
    about: 'About the service',
    tryIt: 'Try it now',
    steps: ['01 QR scan', '02 Video upload', '03 Gift delivery'],
    testimonialsHeading: 'Smiles on both sides of the gift',
    seeded: ['Minji Kim', 'Junho Park', 'Seoyeon Lee'],
    fallbackName: 'Yujin Choi',
    fourStars: 'Rated 4 out of 5',
    fiveStars: 'Rated 5 out of 5',
    home: 'Home',
    testimonialsLoading: 'Loading stories…',
    scenarios: [
      'Yujin Choi',
      'Doyun Han',
      'Seoa Yoon',
      'Minjae Kang',
      'Gaeun Lim',
      'Mirae Song',
      'Eunho Cho',
      'Jiho Bae',
      'Jungmin Seo',
      'Harin Moon',
    ],
  },
} as const;

type Texts = (typeof TEXTS)[keyof typeof TEXTS];

async function useLanguage(page: Page, language: 'ko' | 'en') {
  await page.addInitScript((lang) => localStorage.setItem('giftcast-language', lang), language);
}

/** The slide screen readers can reach: the current one, and only it. */
async function expectSlide(page: Page, text: Texts, index: number) {
  const slides = page.getByRole('region', { name: text.carousel }).getByRole('group', { name: /3/ });
  await expect(slides).toHaveCount(1);
  await expect(slides).toHaveAccessibleName(text.slide(index + 1));
  await expect(page.getByRole('heading', { level: 2, name: text.titles[index] })).toBeVisible();
}

for (const language of ['ko', 'en'] as const) {
  const text = TEXTS[language];

  test(`[${language}] the hero moves on every 5 seconds, wraps, and jumps with its dots`, async ({ page }) => {
    await useLanguage(page, language);
    // Time stands still from the start, so the test decides when 5 seconds have passed.
    const start = new Date('2026-03-02T09:00:00Z');
    await page.clock.install({ time: start });
    await page.clock.pauseAt(new Date(start.getTime() + 1000));
    await page.goto('/');

    await expect(page.getByRole('heading', { level: 1 })).toHaveText(text.h1);
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
    await expectSlide(page, text, 0);

    await page.clock.runFor(4000);
    await expectSlide(page, text, 0);
    await page.clock.runFor(1000);
    await expectSlide(page, text, 1);
    await page.clock.runFor(5000);
    await expectSlide(page, text, 2);
    await page.clock.runFor(5000);
    await expectSlide(page, text, 0);

    await page.getByRole('button', { name: text.dot(3) }).click();
    await expectSlide(page, text, 2);
    await expect(page.getByRole('button', { name: text.dot(3) })).toHaveAttribute('aria-current', 'true');
  });

  test(`[${language}] the three buttons lead to /why, /how and /about, and the call to action to /try`, async ({
    page,
  }) => {
    await useLanguage(page, language);
    await page.goto('/');
    const main = page.getByRole('main');

    for (const [name, path] of [
      [text.why, '/why'],
      [text.how, '/how'],
      [text.about, '/about'],
      [text.tryIt, '/try'],
    ] as const) {
      await main.getByRole('link', { name, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      await page.goBack();
      await expect(page).toHaveURL(/\/$/);
    }
  });

  test(`[${language}] shows the feature cards, the three numbered steps and the seeded testimonials`, async ({
    page,
  }) => {
    await useLanguage(page, language);
    await page.goto('/');

    await expect(page.getByTestId('feature-card')).toHaveCount(5);
    const steps = page.getByTestId('home-step');
    await expect(steps).toHaveCount(3);
    for (const [index, step] of text.steps.entries()) {
      await expect(steps.nth(index).getByRole('heading', { level: 3 })).toHaveText(step);
    }

    const testimonials = page.getByRole('region', { name: text.testimonialsHeading });
    for (const name of text.seeded) {
      await expect(testimonials.getByRole('heading', { name, exact: true })).toBeVisible();
    }
    // The seeded teacher gave 4 stars; the scenario cards only show when nothing is featured.
    await expect(
      testimonials.getByRole('article').filter({ hasText: text.seeded[2] }).getByRole('img', { name: text.fourStars }),
    ).toBeVisible();
    await expect(testimonials.getByText(text.fallbackName)).toHaveCount(0);
  });
}

// The home page's first HTML comes with its testimonials; a visitor who arrives from another page
// of the app waits for them, and it is then that the section shows its loading, empty and failed
// states.
for (const language of ['ko', 'en'] as const) {
  const text = TEXTS[language];

  /** From /about to the home page through the navigation, as a visitor goes. */
  async function goHomeFromAbout(page: Page) {
    await useLanguage(page, language);
    await page.goto('/about');
    await (await navLink(page, language, text.home)).click();
    await expect(page).toHaveURL(/\/$/);
    return page.getByRole('region', { name: text.testimonialsHeading });
  }

  test(`[${language}] arriving from another page, the testimonials show 3 skeleton cards until the featured ones come`, async ({
    page,
  }) => {
    const featured = await holdAnswer(page, FEATURED_TESTIMONIALS);
    const testimonials = await goHomeFromAbout(page);
    await featured.asked;

    await expect(testimonials.getByTestId('testimonial-skeleton')).toHaveCount(3);
    for (const skeleton of await testimonials.getByTestId('testimonial-skeleton').all()) {
      await expect(skeleton).toBeVisible();
    }
    await expect(testimonials.getByRole('status')).toHaveText(text.testimonialsLoading);
    await expect(testimonials.getByRole('article')).toHaveCount(0);

    featured.release();
    for (const name of text.seeded) {
      await expect(testimonials.getByRole('heading', { name, exact: true })).toBeVisible();
    }
    await expect(testimonials.getByTestId('testimonial-skeleton')).toHaveCount(0);
    await expect(testimonials.getByRole('status')).toHaveCount(0);
    await expect(testimonials.getByText(text.fallbackName)).toHaveCount(0);
  });

  for (const [occasion, answer] of [
    ['nothing is featured', answerEmptyList],
    ['the call fails', answerServerError],
  ] as const) {
    test(`[${language}] arriving from another page when ${occasion}, the testimonials show the 10 scenario cards`, async ({
      page,
    }) => {
      await answer(page, FEATURED_TESTIMONIALS);
      const testimonials = await goHomeFromAbout(page);

      await expect(testimonials.getByRole('article')).toHaveCount(10);
      await expect(testimonials.getByRole('heading', { level: 3 })).toHaveText(text.scenarios);
      await expect(testimonials.getByRole('img', { name: text.fiveStars })).toHaveCount(10);
      await expect(testimonials.getByTestId('testimonial-skeleton')).toHaveCount(0);
      for (const name of text.seeded) {
        await expect(testimonials.getByRole('heading', { name, exact: true })).toHaveCount(0);
      }
    });
  }
}

test('with reduced motion the hero stays on its slide', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.clock.install();
  await page.goto('/');
  await expectSlide(page, TEXTS.ko, 0);

  await page.clock.runFor(20_000);
  await expectSlide(page, TEXTS.ko, 0);
});

test('a swipe of more than 50 px turns the slides on a phone', { tag: '@phone' }, async ({ page }) => {
  await useLanguage(page, 'en');
  // No auto-advance, so every change seen below comes from a swipe.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto('/');
  const text = TEXTS.en;
  await expectSlide(page, text, 0);

  const box = await page.getByRole('heading', { level: 2, name: text.titles[0] }).boundingBox();
  if (!box) throw new Error('the first slide title has no box');
  const y = box.y + box.height / 2;
  const cdp = await page.context().newCDPSession(page);
  async function swipe(fromX: number, toX: number) {
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: fromX, y }] });
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: (fromX + toX) / 2, y }] });
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: toX, y }] });
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  }

  await swipe(300, 270);
  await expectSlide(page, text, 0);
  await swipe(300, 120);
  await expectSlide(page, text, 1);
  await swipe(120, 300);
  await expectSlide(page, text, 0);
  await swipe(120, 300);
  await expectSlide(page, text, 2);
});
