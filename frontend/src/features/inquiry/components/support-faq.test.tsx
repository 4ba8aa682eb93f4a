import { screen, waitFor } from '@testing-library/react';
import { changeLanguage } from '../../../lib/i18n';
import { renderWithProviders } from '../../../test/render';
import { SupportFaq } from './support-faq';

jest.mock('../../../lib/analytics', () => ({ trackEvent: jest.fn(), trackPageView: jest.fn() }));

const QUESTIONS = {
  ko: [
    ['회원가입을 해야 영상을 남기거나 볼 수 있나요?', /가입이나 앱 설치 없이/],
    ['영상은 얼마 동안 보관되나요?', /7일 동안 보관되고, 그 뒤에는 자동으로 완전히 삭제/],
    ['어떤 영상을 올릴 수 있고, 어떤 휴대폰에서 되나요?', /최대 100MB/],
    ['QR 코드를 환불받을 수 있나요?', /사용하지 않은 QR 코드는 구매일로부터 7일 이내/],
  ],
  en: [
    ['Do I need an account to leave or watch a video?', /no sign-up, no app/],
    ['How long are videos kept?', /kept for 7 days .* deleted automatically and permanently/],
    ['What can I upload, and which phones work?', /up to 100MB/],
    ['Can I get a refund for QR codes?', /Unused QR codes can be refunded within 7 days/],
  ],
} as const;

const trigger = (question: string) => screen.getByRole('button', { name: question });
const isOpen = (question: string) => trigger(question).getAttribute('aria-expanded') === 'true';

describe.each(['ko', 'en'] as const)('SupportFaq in %s', (language) => {
  const questions = QUESTIONS[language];

  beforeEach(() => changeLanguage(language));

  it('lists four questions as headings, all closed at first', async () => {
    await renderWithProviders(<SupportFaq />);

    expect(screen.getAllByRole('heading', { level: 3 })).toHaveLength(4);
    for (const [question, answer] of questions) {
      expect(screen.getByRole('heading', { level: 3, name: question })).toBeInTheDocument();
      expect(isOpen(question)).toBe(false);
      expect(screen.getByText(answer)).not.toBeVisible();
    }
  });

  it('keeps one answer open at a time, and closes the open one when it is clicked again', async () => {
    const { user } = await renderWithProviders(<SupportFaq />);
    const [[first, firstAnswer], [second, secondAnswer]] = questions;

    await user.click(trigger(first));
    expect(isOpen(first)).toBe(true);
    expect(screen.getByText(firstAnswer)).toBeVisible();

    await user.click(trigger(second));
    expect(isOpen(second)).toBe(true);
    expect(isOpen(first)).toBe(false);
    expect(screen.getByText(secondAnswer)).toBeVisible();
    // A closing answer is hidden once its (possibly animated) exit has finished.
    await waitFor(() => expect(screen.getByText(firstAnswer)).not.toBeVisible());

    await user.click(trigger(second));
    expect(questions.map(([question]) => isOpen(question))).toEqual([false, false, false, false]);
    await waitFor(() => expect(screen.getByText(secondAnswer)).not.toBeVisible());
  });

  it('opens and closes an answer from the keyboard', async () => {
    const { user } = await renderWithProviders(<SupportFaq />);
    const [[first, firstAnswer]] = questions;

    await user.tab();
    expect(trigger(first)).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.getByText(firstAnswer)).toBeVisible();
    await user.keyboard(' ');
    expect(isOpen(first)).toBe(false);
    await waitFor(() => expect(screen.getByText(firstAnswer)).not.toBeVisible());
  });
});
