import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Page } from '@playwright/test';
import { appStarted, expect, test } from './support/test';
import PostalMime, { type Email } from 'postal-mime';
import { uniqueAddress } from './support/mail';
import { E2E } from './support/stack';

// Both projects run every test against one backend; each submission carries a unique name and
// address, and its notification mail (sent to the team, not to the visitor) is found by them.
const TEXTS = {
  ko: {
    supportHeading: '무엇을 도와드릴까요?',
    faq: [
      ['회원가입을 해야 영상을 남기거나 볼 수 있나요?', '가입이나 앱 설치 없이'],
      ['영상은 얼마 동안 보관되나요?', '7일 동안 보관되고'],
      ['어떤 영상을 올릴 수 있고, 어떤 휴대폰에서 되나요?', '최대 100MB'],
      ['QR 코드를 환불받을 수 있나요?', '구매일로부터 7일 이내'],
    ],
    contactName: /^이름/,
    partnerName: /^이름 또는 상호명/,
    email: /^이메일/,
    phone: /^연락처 \(선택\)/,
    message: /^문의 내용/,
    contactSubmit: '문의 보내기',
    partnerSubmit: '제휴 문의 보내기',
    submitNew: '새 문의 작성',
    nameMin: '이름을 2자 이상 입력해주세요',
    emailInvalid: '유효한 이메일 주소를 입력해주세요',
    messageMin: '메시지를 10자 이상 입력해주세요',
    contactToast: '문의가 접수되었습니다',
    contactSuccess: '문의가 전송되었습니다',
    partnerToast: '파트너 문의가 접수되었습니다!',
    partnerSuccess: '제휴 문의해 주셔서 감사합니다',
    sampleMessage: '주문한 꽃다발의 QR 코드가 인식되지 않아요. 확인 부탁드립니다.',
    submitting: '보내는 중…',
    contactError: '오류가 발생했습니다',
    partnerErrorTitle: '문의 전송에 실패했습니다',
    partnerErrorFallback: '잠시 후 다시 시도해 주세요.',
  },
  en: {
    supportHeading: 'How can we help?',
    faq: [
      ['Do I need an account to leave or watch a video?', 'no sign-up, no app'],
      ['How long are videos kept?', 'kept for 7 days'],
      ['What can I upload, and which phones work?', 'up to 100MB'],
      ['Can I get a refund for QR codes?', 'refunded within 7 days'],
    ],
    contactName: /^Name/,
    partnerName: /^Name or company/,
    email: /^Email/,
    phone: /^Phone \(optional\)/,
    message: /^Message/,
    contactSubmit: 'Send inquiry',
    partnerSubmit: 'Send partner inquiry',
    submitNew: 'Submit a new inquiry',
    nameMin: 'Please enter at least 2 characters for the name',
    emailInvalid: 'Please enter a valid email address',
    messageMin: 'Please enter at least 10 characters for the message',
    contactToast: 'Your inquiry has been received',
    contactSuccess: 'Message sent',
    partnerToast: 'Partner inquiry submitted!',
    partnerSuccess: 'Thank you for your interest in partnering',
    sampleMessage: 'The QR code on the bouquet I ordered does not scan. Could you check it?',
    submitting: 'Sending…',
    contactError: 'An error occurred',
    partnerErrorTitle: 'Failed to send inquiry',
    partnerErrorFallback: 'Please try again later',
  },
} as const;

async function useLanguage(page: Page, language: 'ko' | 'en') {
  await page.addInitScript((lang) => localStorage.setItem('giftcast-language', lang), language);
}

/** Waits for the inquiry notification whose reply address is the visitor's. */
async function waitForInquiryMail(replyTo: string, timeoutMs = 10_000): Promise<Email> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    for (const file of readdirSync(E2E.mailDir).sort()) {
      const mail = await PostalMime.parse(readFileSync(join(E2E.mailDir, file)));
      if (mail.replyTo?.some((to) => to.address?.toLowerCase() === replyTo.toLowerCase())) return mail;
    }
    if (Date.now() > deadline) throw new Error(`no inquiry mail replying to ${replyTo} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The form's code: a chunk the support and partner pages share, fetched with either page. */
const FORM_CODE = /\/assets\/inquiry-form-[\w-]+\.js$/;

/** Holds the form's code until `release()`; `requested` tells whether the page asked for it. */
async function holdFormCode(page: Page) {
  const held = { requested: false, release: () => {} };
  const released = new Promise<void>((resolve) => (held.release = resolve));
  await page.route(FORM_CODE, async (route) => {
    held.requested = true;
    await released;
    await route.continue();
  });
  return held;
}

/** A name no other test or project uses. */
const uniqueName = (label: string) => `${label} ${test.info().project.name} ${Math.random().toString(36).slice(2, 8)}`;

for (const language of ['ko', 'en'] as const) {
  const text = TEXTS[language];

  test(`[${language}] the support FAQ opens one answer at a time and closes it when clicked again`, async ({
    page,
  }) => {
    await useLanguage(page, language);
    await page.goto('/support');
    await expect(page.getByRole('heading', { level: 1, name: text.supportHeading })).toBeVisible();

    const question = (index: number) => page.getByRole('button', { name: text.faq[index][0] });
    const answer = (index: number) => page.getByText(text.faq[index][1]);
    for (let index = 0; index < 4; index += 1) {
      await expect(question(index)).toHaveAttribute('aria-expanded', 'false');
      await expect(answer(index)).toBeHidden();
    }

    await question(0).click();
    await expect(answer(0)).toBeVisible();
    await question(3).click();
    await expect(answer(3)).toBeVisible();
    await expect(answer(0)).toBeHidden();
    await expect(question(0)).toHaveAttribute('aria-expanded', 'false');

    await question(3).click();
    await expect(answer(3)).toBeHidden();
    await expect(question(3)).toHaveAttribute('aria-expanded', 'false');

    // Keyboard: the question is a button that Enter toggles.
    await question(1).focus();
    await page.keyboard.press('Enter');
    await expect(answer(1)).toBeVisible();
  });

  test(`[${language}] the contact form shows its errors, then delivers a real inquiry and offers a new one`, async ({
    page,
  }) => {
    await useLanguage(page, language);
    await page.goto('/support');
    const form = page.getByTestId('inquiry-form-contact');
    const name = form.getByLabel(text.contactName);
    const email = form.getByLabel(text.email);
    const phone = form.getByLabel(text.phone);
    const message = form.getByLabel(text.message);

    await expect(message).toHaveAttribute('rows', '6');
    await expect(name).toHaveAttribute('required', '');
    await expect(phone).not.toHaveAttribute('required', '');

    await name.fill('K');
    await email.fill('not-an-email');
    await message.fill('too short');
    await form.getByRole('button', { name: text.contactSubmit }).click();
    await expect(form.getByText(text.nameMin)).toBeVisible();
    await expect(form.getByText(text.emailInvalid)).toBeVisible();
    await expect(form.getByText(text.messageMin)).toBeVisible();
    await expect(name).toHaveAttribute('aria-invalid', 'true');
    await expect(name).toBeFocused();

    const visitor = uniqueName(language === 'ko' ? '김민지' : 'Minji Kim');
    const address = uniqueAddress(`contact-${language}`);
    await name.fill(visitor);
    await email.fill(address);
    await phone.fill('010-1234-5678');
    await message.fill(text.sampleMessage);
    await form.getByRole('button', { name: text.contactSubmit }).click();

    await expect(page.getByText(text.contactToast)).toBeVisible();
    await expect(page.getByRole('heading', { name: text.contactSuccess })).toBeVisible();
    await expect(page.getByTestId('inquiry-form-contact')).toHaveCount(0);

    const mail = await waitForInquiryMail(address);
    expect(mail.subject).toBe(`[Giftcast] Contact inquiry from ${visitor}`);
    expect(mail.text).toContain(text.sampleMessage);
    expect(mail.text).toContain('010-1234-5678');

    await page.getByRole('button', { name: text.submitNew }).click();
    const fresh = page.getByTestId('inquiry-form-contact');
    for (const label of [text.contactName, text.email, text.phone, text.message]) {
      await expect(fresh.getByLabel(label)).toHaveValue('');
    }
    await expect(fresh.getByLabel(text.contactName)).toBeFocused();
    await expect(fresh.getByText(text.nameMin)).toHaveCount(0);
  });

  test(`[${language}] the partner form on /partner delivers an inquiry and shows the success card`, async ({
    page,
  }) => {
    await useLanguage(page, language);
    await page.goto('/partner');
    const form = page.getByTestId('inquiry-form-partner');
    // The visitor scrolls down to the form, which brings its code.
    await form.scrollIntoViewIfNeeded();
    await expect(form).toBeVisible();

    await form.getByRole('button', { name: text.partnerSubmit }).click();
    await expect(form.getByText(text.nameMin)).toBeVisible();

    const company = uniqueName(language === 'ko' ? '꽃집 하루' : 'Haru Flowers');
    const address = uniqueAddress(`partner-${language}`);
    await form.getByLabel(text.partnerName).fill(company);
    await form.getByLabel(text.email).fill(address);
    await form.getByLabel(text.message).fill(text.sampleMessage);
    await form.getByRole('button', { name: text.partnerSubmit }).click();

    await expect(page.getByText(text.partnerToast)).toBeVisible();
    await expect(page.getByRole('heading', { name: text.partnerSuccess })).toBeVisible();

    const mail = await waitForInquiryMail(address);
    expect(mail.subject).toBe(`[Giftcast] Partner inquiry from ${company}`);
    expect(mail.text).toContain('Phone: -');

    await page.getByRole('button', { name: text.submitNew }).click();
    await expect(page.getByTestId('inquiry-form-partner').getByLabel(text.partnerName)).toHaveValue('');
  });

  test(`[${language}] while the contact form sends, its button waits; a failure shows the spec's toast and keeps the form`, async ({
    page,
  }) => {
    await useLanguage(page, language);
    // Held until the test has seen the sending state; then the server fails.
    let answer!: () => void;
    const held = new Promise<void>((resolve) => (answer = resolve));
    await page.route('**/api/contact', async (route) => {
      await held;
      await route.fulfill({ status: 500, json: { statusCode: 500, error: 'Internal server error' } });
    });
    const offSite: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).origin !== E2E.baseUrl) offSite.push(request.url());
    });
    await page.goto('/support');
    const form = page.getByTestId('inquiry-form-contact');
    await form.getByLabel(text.contactName).fill('Minji Kim');
    await form.getByLabel(text.email).fill('minji@example.com');
    await form.getByLabel(text.message).fill(text.sampleMessage);
    await form.getByRole('button', { name: text.contactSubmit }).click();

    const sending = form.getByRole('button', { name: text.submitting });
    await expect(sending).toBeVisible();
    await expect(sending).toBeDisabled();
    answer();

    // The spec's contact failure: one message as both title and description.
    await expect(page.getByText(text.contactError, { exact: true })).toHaveCount(2);
    await expect(form.getByLabel(text.message)).toHaveValue(text.sampleMessage);
    await expect(form.getByRole('button', { name: text.contactSubmit })).toBeEnabled();
    // No analytics tag is configured here: its events stay in the browser.
    expect(offSite).toEqual([]);
  });

  test(`[${language}] a refused partner inquiry shows the server's reason, a lost connection the fallback`, async ({
    page,
  }) => {
    await useLanguage(page, language);
    const reason = language === 'ko' ? '잠시 문의 접수를 중단했습니다' : 'Inquiries are paused for a moment';
    let attempt = 0;
    await page.route('**/api/partner', async (route) => {
      attempt += 1;
      if (attempt === 1) await route.fulfill({ status: 503, json: { statusCode: 503, error: reason } });
      else await route.abort('connectionreset');
    });
    await page.goto('/partner');
    const form = page.getByTestId('inquiry-form-partner');
    await form.getByLabel(text.partnerName).fill('Haru Flowers');
    await form.getByLabel(text.email).fill('haru@example.com');
    await form.getByLabel(text.message).fill(text.sampleMessage);

    await form.getByRole('button', { name: text.partnerSubmit }).click();
    await expect(page.getByText(text.partnerErrorTitle)).toBeVisible();
    await expect(page.getByText(reason)).toBeVisible();

    await form.getByRole('button', { name: text.partnerSubmit }).click();
    await expect(page.getByText(text.partnerErrorFallback)).toBeVisible();
    await expect(form.getByLabel(text.partnerName)).toHaveValue('Haru Flowers');
  });

  test(`[${language}] text typed into the server's form before the app runs is kept and sent`, async ({ page }) => {
    await useLanguage(page, language);
    const formCode = await holdFormCode(page);
    // The address asks for the language, so the server's HTML is in it and the app hydrates it.
    // (goto returns once the app runs: not awaited until the code is let through.)
    const loading = page.goto(`/support?lang=${language}`);
    const form = page.getByTestId('inquiry-form-contact');
    await expect(form.getByLabel(text.contactName)).toBeEditable();
    await expect.poll(() => formCode.requested).toBe(true);

    // The server's form takes text while the page's code is on its way.
    const visitor = uniqueName(language === 'ko' ? '이서연' : 'Seoyeon Lee');
    const address = uniqueAddress(`early-${language}`);
    await form.getByLabel(text.contactName).fill(visitor);
    await form.getByLabel(text.email).fill(address);
    await form.getByLabel(text.message).fill(text.sampleMessage);

    formCode.release();
    await loading;
    await appStarted(page);
    await expect(form.getByLabel(text.contactName)).toHaveValue(visitor);
    await form.getByRole('button', { name: text.contactSubmit }).click();
    await expect(page.getByRole('heading', { name: text.contactSuccess })).toBeVisible();
    const mail = await waitForInquiryMail(address);
    expect(mail.subject).toBe(`[Giftcast] Contact inquiry from ${visitor}`);
    expect(mail.text).toContain(text.sampleMessage);
  });
}

test('after a language switch the form speaks English only: labels, placeholders and errors', async ({ page }) => {
  await useLanguage(page, 'ko');
  await page.goto('/support');
  await page.getByRole('button', { name: 'Switch to English' }).click();
  await expect(page.getByRole('heading', { level: 1, name: TEXTS.en.supportHeading })).toBeVisible();

  const form = page.getByRole('form', { name: 'Contact form' });
  const submit = form.getByRole('button', { name: TEXTS.en.contactSubmit });
  await expect(form.getByLabel(TEXTS.en.message)).toHaveAttribute('placeholder', /^Tell us what you need help with/);
  await submit.click();
  await expect(form.getByText(TEXTS.en.nameMin)).toBeVisible();
});
