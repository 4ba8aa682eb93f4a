import { act, screen, waitFor, within } from '@testing-library/react';
import { changeLanguage, type Language } from '../../lib/i18n';
import { env } from '../../lib/env';
import { renderWithProviders } from '../../test/render';
import { AboutPage } from '../../pages/about-page';
import { HowPage } from '../../pages/how-page';
import { NotFoundPage } from '../../pages/not-found-page';
import { PartnerPage } from '../../pages/partner-page';
import { PrivacyPage } from '../../pages/privacy-page';
import { TermsPage } from '../../pages/terms-page';
import { WhyPage } from '../../pages/why-page';

async function inLanguage(language: Language) {
  await act(() => changeLanguage(language));
}

afterEach(async () => {
  await inLanguage('ko');
});

describe('/how', () => {
  const panelOf = (id: string) => screen.getByTestId(`how-video-${id}`).closest<HTMLElement>('[role="tabpanel"]');

  it('shows the intro video first and switches to the tutorial by click and by arrow key', async () => {
    await inLanguage('en');
    const { user } = await renderWithProviders(<HowPage />);

    const tablist = screen.getByRole('tablist', { name: 'Guide videos' });
    const introTab = within(tablist).getByRole('tab', { name: 'Intro video' });
    const tutorialTab = within(tablist).getByRole('tab', { name: 'Tutorial video' });
    expect(introTab).toHaveAttribute('aria-selected', 'true');
    expect(tutorialTab).toHaveAttribute('aria-selected', 'false');
    expect(panelOf('intro')).toBeVisible();
    expect(panelOf('tutorial')).not.toBeVisible();

    await user.click(tutorialTab);
    expect(tutorialTab).toHaveAttribute('aria-selected', 'true');
    // The panel being left may finish its exit a tick later.
    await waitFor(() => expect(panelOf('intro')).not.toBeVisible());
    expect(panelOf('tutorial')).toBeVisible();

    await user.keyboard('{ArrowLeft}');
    await waitFor(() => expect(introTab).toHaveFocus());
    await user.keyboard('{Enter}');
    expect(introTab).toHaveAttribute('aria-selected', 'true');
    await waitFor(() => expect(panelOf('tutorial')).not.toBeVisible());
    expect(panelOf('intro')).toBeVisible();
  });

  it('pauses the video of the tab the visitor leaves', async () => {
    const pause = jest.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => {});
    const { user } = await renderWithProviders(<HowPage />);
    const intro = screen.getByTestId('how-video-intro');
    Object.defineProperty(intro, 'paused', { configurable: true, value: false });

    await user.click(screen.getByRole('tab', { name: '튜토리얼 영상' }));

    expect(pause).toHaveBeenCalledTimes(1);
    expect(pause.mock.contexts[0]).toBe(intro);
  });

  it.each([
    ['ko', '브라우저가 동영상 재생을 지원하지 않습니다.'],
    ['en', 'Your browser does not support video playback.'],
  ] as const)(
    "gives each %s video its own language's file and poster, fixed size, controls and the fallback text",
    async (language, fallback) => {
      await inLanguage(language);
      await renderWithProviders(<HowPage />);

      for (const id of ['intro', 'tutorial']) {
        const video = screen.getByTestId(`how-video-${id}`);
        expect(video.tagName).toBe('VIDEO');
        expect(video).toHaveTextContent(fallback);
        expect(video).toHaveAttribute('poster', `/media/how-${id}-${language}.jpg`);
        expect(video).toHaveAttribute('width', '1280');
        expect(video).toHaveAttribute('height', '720');
        expect(video).toHaveAttribute('preload', 'metadata');
        expect(video).toHaveAttribute('controls');
        expect(video).toHaveAttribute('playsinline');
        expect(video).not.toHaveAttribute('autoplay');
        expect(video.querySelector('source')).toHaveAttribute('src', `/media/how-${id}-${language}.mp4`);
        expect(video.querySelector('source')).toHaveAttribute('type', 'video/mp4');
      }
    },
  );

  it("swaps both videos for the other language's files when the language is toggled", async () => {
    await renderWithProviders(<HowPage />);
    const intro = screen.getByTestId('how-video-intro');
    expect(intro.querySelector('source')).toHaveAttribute('src', '/media/how-intro-ko.mp4');

    await inLanguage('en');

    for (const id of ['intro', 'tutorial']) {
      const video = screen.getByTestId(`how-video-${id}`);
      expect(video).toHaveAttribute('poster', `/media/how-${id}-en.jpg`);
      expect(video.querySelector('source')).toHaveAttribute('src', `/media/how-${id}-en.mp4`);
      expect(video).toHaveTextContent('Your browser does not support video playback.');
    }
    // A fresh element, so the browser loads the new source instead of keeping the old one.
    expect(screen.getByTestId('how-video-intro')).not.toBe(intro);

    await inLanguage('ko');
    expect(screen.getByTestId('how-video-intro').querySelector('source')).toHaveAttribute(
      'src',
      '/media/how-intro-ko.mp4',
    );
  });

  it('lists STEP 1 to 3, each with a description and three bullets', async () => {
    await inLanguage('en');
    await renderWithProviders(<HowPage />);

    const steps = screen.getAllByTestId('how-step');
    expect(steps.map((step) => within(step).getByText(/^STEP \d$/).textContent)).toEqual([
      'STEP 1',
      'STEP 2',
      'STEP 3',
    ]);
    for (const step of steps) {
      expect(within(step).getByRole('heading', { level: 3 })).toBeInTheDocument();
      expect(within(step).getAllByRole('listitem')).toHaveLength(3);
    }
    expect(steps[1]).toHaveTextContent('Videos can be up to 100MB');
    expect(steps[2]).toHaveTextContent('kept for 7 days');
  });
});

describe('/partner', () => {
  // A page the app renders from scratch shows the form once its code is there, as the route's does.

  it('lays the five steps out as a row of three followed by a row of two, numbered on', async () => {
    await renderWithProviders(<PartnerPage />);

    const rows = screen.getAllByTestId('partner-process-row');
    expect(rows.map((row) => within(row).getAllByTestId('partner-process-step').length)).toEqual([3, 2]);
    expect(rows[0]).toHaveAttribute('start', '1');
    expect(rows[1]).toHaveAttribute('start', '4');
    expect(
      within(rows[1])
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['QR 코드 수령', '판매 시작']);
  });

  it('shows three highlights, three benefits and the ten target businesses', async () => {
    await inLanguage('en');
    await renderWithProviders(<PartnerPage />);

    expect(
      screen.getAllByTestId('partner-highlight').map((card) => within(card).getByRole('heading').textContent),
    ).toEqual(['New customer inflow', 'Sales growth', 'Brand promotion']);
    expect(screen.getAllByTestId('partner-benefit')).toHaveLength(3);
    expect(
      screen.getAllByTestId('partner-target').map((card) => within(card).getByRole('heading').textContent),
    ).toEqual([
      'Flower shops',
      'Gift shops',
      'Cake shops',
      'Flower boxes',
      'Chocolatiers',
      'Wedding businesses',
      'Bakeries',
      'Packaging shops',
      'Online stores',
      'Corporate gifts',
    ]);
    expect(screen.getByRole('img', { name: /partner shop counter/ })).toHaveAttribute('width', '640');
  });

  it('states the approval and application times and shows the partner email below the form', async () => {
    await renderWithProviders(<PartnerPage />);

    expect(screen.getByText('계약 승인 1일 이내')).toBeInTheDocument();
    expect(screen.getByText('상담 신청 약 5분')).toBeInTheDocument();
    const email = screen.getByTestId('partner-email');
    expect(email).toHaveTextContent(env.CONTACT_EMAIL);
    expect(email).toHaveAttribute('href', `mailto:${env.CONTACT_EMAIL}`);
    const form = document.querySelector('form');
    expect(form).not.toBeNull();
    expect(form!.compareDocumentPosition(email) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });
});

describe('/why and /about', () => {
  it('gives each of the three reasons an h2, paragraphs and a sized illustration with alt text', async () => {
    await inLanguage('en');
    await renderWithProviders(<WhyPage />);

    const reasons = screen.getAllByTestId('why-reason');
    expect(reasons).toHaveLength(3);
    for (const reason of reasons) {
      expect(within(reason).getByRole('heading', { level: 2 })).toBeInTheDocument();
      const image = within(reason).getByRole('img');
      expect(image.getAttribute('alt')).toMatch(/^Illustration of /);
      expect(image).toHaveAttribute('width', '480');
      expect(image).toHaveAttribute('height', '360');
    }
  });

  it('has an overview of three blocks, the three principles, the vision and three patent points', async () => {
    await renderWithProviders(<AboutPage />);

    expect(screen.getAllByTestId('about-overview-block')).toHaveLength(3);
    expect(
      screen.getAllByTestId('about-principle').map((card) => within(card).getByRole('heading').textContent),
    ).toEqual(['감성', '기술', '기억']);
    expect(screen.getByRole('heading', { level: 2, name: '비전' })).toBeInTheDocument();
    expect(screen.getAllByTestId('about-patent-point')).toHaveLength(3);
  });
});

describe('legal pages', () => {
  const cases = [
    {
      language: 'ko',
      retention: ['문의 및 제휴 상담 기록: 6개월', '접속 로그): 3개월', '5년', '3년'],
      refund: '7일 이내에 환불',
      notice: '최소 7일 전',
      effective: '시행일: 2025년 10월 10일',
    },
    {
      language: 'en',
      retention: ['partnership consultation records: 6 months', '(access logs): 3 months', '5 years', '3 years'],
      refund: 'refunded on request within 7 days',
      notice: 'at least 7 days before',
      effective: 'Effective date: October 10, 2025',
    },
  ] as const;

  it.each(cases)('privacy in $language: 12 sections, the retention periods, effective date and contacts', async (c) => {
    await inLanguage(c.language);
    await renderWithProviders(<PrivacyPage />);

    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getAllByRole('heading', { level: 2 })).toHaveLength(12);
    expect(screen.getAllByTestId('legal-section')).toHaveLength(12);
    const retention = screen.getAllByTestId('legal-section')[2];
    for (const period of c.retention) expect(retention).toHaveTextContent(period);
    expect(screen.getByTestId('legal-effective')).toHaveTextContent(c.effective);
    const contact = screen.getAllByTestId('legal-section')[10];
    expect(contact).toHaveTextContent(env.CONTACT_EMAIL);
    expect(contact).toHaveTextContent(env.CONTACT_PHONE);
    expect(screen.getByRole('navigation').querySelectorAll('a')).toHaveLength(12);
  });

  it.each(cases)('terms in $language: 12 articles, refunds, notice period, effective date and contacts', async (c) => {
    await inLanguage(c.language);
    await renderWithProviders(<TermsPage />);

    expect(screen.getAllByRole('heading', { level: 2 })).toHaveLength(12);
    const articles = screen.getAllByTestId('legal-section');
    expect(articles).toHaveLength(12);
    expect(articles[5]).toHaveTextContent(c.refund);
    expect(articles[2]).toHaveTextContent(c.notice);
    expect(articles[3]).toHaveTextContent('100MB');
    expect(articles[8]).toHaveTextContent(c.language === 'ko' ? '사전 통지 없이' : 'without prior notice');
    expect(screen.getByTestId('legal-effective')).toHaveTextContent(c.effective);
    expect(articles[11]).toHaveTextContent(env.CONTACT_EMAIL);
    expect(articles[11]).toHaveTextContent(env.CONTACT_PHONE);
  });
});

describe('not-found page', () => {
  it('says the page was not found, links home and to the blog, and stays out of search results', async () => {
    await renderWithProviders(<NotFoundPage />, { url: '/missing' });

    expect(screen.getByRole('heading', { level: 1, name: '페이지를 찾을 수 없습니다' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '홈으로 가기' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: '블로그 둘러보기' })).toHaveAttribute('href', '/blog');
    expect(document.querySelector('meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow');
  });

  it('reads Page Not Found in English', async () => {
    await inLanguage('en');
    await renderWithProviders(<NotFoundPage />, { url: '/missing' });

    expect(screen.getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse the blog' })).toHaveAttribute('href', '/blog');
  });
});
