import { act, screen, waitFor, within } from '@testing-library/react';
import { trackEvent } from '../../../lib/analytics';
import { changeLanguage } from '../../../lib/i18n';
import { fakeResponse, jsonResponse, mockFetch, sentRequest } from '../../../test/fake-fetch';
import { renderWithProviders } from '../../../test/render';
import { InquiryForm } from './inquiry-form';

jest.mock('../../../lib/analytics', () => ({ trackEvent: jest.fn(), trackPageView: jest.fn() }));
jest.setTimeout(20_000);

const TEXTS = {
  ko: {
    contactName: /^이름/,
    partnerName: /^이름 또는 상호명/,
    email: /^이메일/,
    phone: /^연락처 \(선택\)/,
    message: /^문의 내용/,
    contactSubmit: '문의 보내기',
    partnerSubmit: '제휴 문의 보내기',
    submitting: '보내는 중…',
    submitNew: '새 문의 작성',
    nameMin: '이름을 2자 이상 입력해주세요',
    emailInvalid: '유효한 이메일 주소를 입력해주세요',
    messageMin: '메시지를 10자 이상 입력해주세요',
    partnerSuccess: '파트너 문의가 접수되었습니다!',
    partnerErrorTitle: '문의 전송에 실패했습니다',
    partnerErrorFallback: '잠시 후 다시 시도해 주세요.',
    contactSuccess: '문의가 접수되었습니다',
    contactError: '오류가 발생했습니다',
    contactSuccessTitle: '문의가 전송되었습니다',
    contactForm: '1:1 문의 양식',
    partnerForm: '파트너 제휴 문의 양식',
    partnerSuccessTitle: '제휴 문의해 주셔서 감사합니다',
  },
  en: {
    contactName: /^Name/,
    partnerName: /^Name or company/,
    email: /^Email/,
    phone: /^Phone \(optional\)/,
    message: /^Message/,
    contactSubmit: 'Send inquiry',
    partnerSubmit: 'Send partner inquiry',
    submitting: 'Sending…',
    submitNew: 'Submit a new inquiry',
    nameMin: 'Please enter at least 2 characters for the name',
    emailInvalid: 'Please enter a valid email address',
    messageMin: 'Please enter at least 10 characters for the message',
    partnerSuccess: 'Partner inquiry submitted!',
    partnerErrorTitle: 'Failed to send inquiry',
    partnerErrorFallback: 'Please try again later',
    contactSuccess: 'Your inquiry has been received',
    contactError: 'An error occurred',
    contactSuccessTitle: 'Message sent',
    contactForm: 'Contact form',
    partnerForm: 'Partner inquiry form',
    partnerSuccessTitle: 'Thank you for your interest in partnering',
  },
} as const;

type Language = keyof typeof TEXTS;
type Kind = 'partner' | 'contact';

let fetchMock: ReturnType<typeof mockFetch>;

beforeEach(() => {
  fetchMock = mockFetch();
});

const field = (label: RegExp) => screen.getByLabelText<HTMLInputElement>(label);

function fields(language: Language, kind: Kind) {
  const text = TEXTS[language];
  return {
    name: field(kind === 'partner' ? text.partnerName : text.contactName),
    email: field(text.email),
    phone: field(text.phone),
    message: field(text.message),
  };
}

const submitButton = (language: Language, kind: Kind) =>
  screen.getByRole('button', { name: TEXTS[language][kind === 'partner' ? 'partnerSubmit' : 'contactSubmit'] });

async function renderForm(language: Language, kind: Kind) {
  await changeLanguage(language);
  jest.mocked(trackEvent).mockClear(); // the language switch reports itself
  return renderWithProviders(<InquiryForm kind={kind} />);
}

type User = Awaited<ReturnType<typeof renderForm>>['user'];

const sample = {
  name: 'Kim Minji',
  email: 'minji@example.com',
  phone: '010-1234-5678',
  message: 'We would like to add QR codes to our bouquets.',
};

async function fillValid(user: User, language: Language, kind: Kind, values: Partial<typeof sample> = sample) {
  const inputs = fields(language, kind);
  for (const key of ['name', 'email', 'phone', 'message'] as const) {
    if (values[key]) await user.type(inputs[key], values[key]);
  }
}

/** The JSON body of the one call made, with its path and method. */
async function sentInquiry() {
  expect(fetchMock).toHaveBeenCalledTimes(1);
  const { path, method, body } = await sentRequest(fetchMock);
  return { path, method, body };
}

describe.each(['ko', 'en'] as const)('InquiryForm in %s', (language) => {
  const text = TEXTS[language];

  it('marks name, email and message as required with an asterisk, and the phone as optional', async () => {
    await renderForm(language, 'contact');
    const inputs = fields(language, 'contact');

    for (const input of [inputs.name, inputs.email, inputs.message]) {
      expect(input).toBeRequired();
      const label = document.querySelector(`label[for="${input.id}"]`)!;
      const asterisk = within(label as HTMLElement).getByText('*');
      // Seen, but not read out as "star": the required state is announced by the input itself.
      expect(asterisk).toHaveAttribute('aria-hidden', 'true');
    }
    expect(inputs.phone).not.toBeRequired();
    expect(
      within(document.querySelector(`label[for="${inputs.phone.id}"]`) as HTMLElement).queryByText('*'),
    ).toBeNull();
    expect(inputs.email).toHaveAttribute('type', 'email');
    expect(inputs.phone).toHaveAttribute('type', 'tel');
  });

  it('names each form, gives the contact message 6 rows and labels the partner name as name or company', async () => {
    const { unmount } = await renderForm(language, 'contact');
    expect(screen.getByRole('form', { name: text.contactForm })).toBeInTheDocument();
    expect(fields(language, 'contact').message.tagName).toBe('TEXTAREA');
    expect(fields(language, 'contact').message).toHaveAttribute('rows', '6');
    unmount();

    await renderForm(language, 'partner');
    expect(fields(language, 'partner').name).toBeInTheDocument();
    expect(screen.getByRole('form', { name: text.partnerForm })).toBeInTheDocument();
  });

  it('shows each error under its field, tied to it for screen readers, and sends nothing', async () => {
    const { user } = await renderForm(language, 'contact');
    const inputs = fields(language, 'contact');

    await user.type(inputs.name, 'K');
    await user.type(inputs.email, 'not-an-email');
    await user.type(inputs.message, '123456789');
    await user.click(submitButton(language, 'contact'));

    const expected = [
      [inputs.name, text.nameMin],
      [inputs.email, text.emailInvalid],
      [inputs.message, text.messageMin],
    ] as const;
    for (const [input, message] of expected) {
      const error = await screen.findByText(message);
      expect(input).toHaveAttribute('aria-invalid', 'true');
      expect(input.getAttribute('aria-describedby')?.split(' ')).toContain(error.id);
      // Under its own field: in the same field group as the input.
      expect(error.closest('[role="group"]')).toBe(input.closest('[role="group"]'));
    }
    expect(inputs.phone).not.toHaveAttribute('aria-invalid');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('accepts the values at each lower limit and an empty phone', async () => {
    fetchMock.mockResolvedValue(jsonResponse(201, { success: true, id: 'x' }));
    const { user } = await renderForm(language, 'contact');

    await fillValid(user, language, 'contact', { name: 'Yu', email: 'yu@example.com', message: '1234567890' });
    await user.click(submitButton(language, 'contact'));

    await screen.findByText(text.contactSuccessTitle);
    expect((await sentInquiry()).body).toEqual({ name: 'Yu', email: 'yu@example.com', message: '1234567890' });
  });

  it('disables the button and switches its label while submitting', async () => {
    let answer!: (response: Response) => void;
    fetchMock.mockReturnValue(new Promise<Response>((resolve) => (answer = resolve)));
    const { user } = await renderForm(language, 'partner');

    await fillValid(user, language, 'partner');
    await user.click(submitButton(language, 'partner'));

    const busy = await screen.findByRole('button', { name: text.submitting });
    expect(busy).toBeDisabled();
    expect(busy).toHaveAttribute('type', 'submit');
    expect(screen.queryByRole('button', { name: text.partnerSubmit })).toBeNull();

    await act(async () => answer(jsonResponse(201, { success: true, id: 'x' })));
    expect(await screen.findByText(text.partnerSuccessTitle)).toBeInTheDocument();
  });

  it('sends a partner inquiry to /api/partner without a submissionType, then shows the success card', async () => {
    fetchMock.mockResolvedValue(jsonResponse(201, { success: true, id: 'x' }));
    const { user } = await renderForm(language, 'partner');

    await fillValid(user, language, 'partner', { ...sample, name: '  Kim Minji  ' });
    await user.click(submitButton(language, 'partner'));

    expect(await screen.findByText(text.partnerSuccess)).toBeInTheDocument();
    expect(await sentInquiry()).toEqual({ path: '/api/partner', method: 'POST', body: sample });
    expect(screen.getByRole('heading', { level: 3, name: text.partnerSuccessTitle })).toHaveFocus();
    expect(screen.queryByRole('button', { name: text.partnerSubmit })).toBeNull();
    // Only the contact form reports to analytics.
    expect(trackEvent).not.toHaveBeenCalled();
  });

  it("brings back an empty form with 'submit new'", async () => {
    fetchMock.mockResolvedValue(jsonResponse(201, { success: true, id: 'x' }));
    const { user } = await renderForm(language, 'contact');

    await fillValid(user, language, 'contact');
    await user.click(submitButton(language, 'contact'));
    await user.click(await screen.findByRole('button', { name: text.submitNew }));

    const inputs = fields(language, 'contact');
    for (const input of Object.values(inputs)) expect(input).toHaveValue('');
    expect(inputs.name).toHaveFocus();
    expect(screen.queryByText(text.contactSuccessTitle)).toBeNull();

    // The fresh form works again: empty, it shows the errors instead of sending.
    await user.click(submitButton(language, 'contact'));
    expect(await screen.findByText(text.nameMin)).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('sends a contact inquiry to /api/contact, toasts and reports the success', async () => {
    fetchMock.mockResolvedValue(jsonResponse(201, { success: true, id: 'x' }));
    const { user } = await renderForm(language, 'contact');

    await fillValid(user, language, 'contact');
    await user.click(submitButton(language, 'contact'));

    expect(await screen.findByText(text.contactSuccess)).toBeInTheDocument();
    expect(await sentInquiry()).toEqual({ path: '/api/contact', method: 'POST', body: sample });
    expect(screen.getByRole('heading', { name: text.contactSuccessTitle })).toBeInTheDocument();
    expect(trackEvent).toHaveBeenCalledTimes(1);
    expect(trackEvent).toHaveBeenCalledWith('contact_form_submit', { category: 'contact', label: 'success' });
  });

  it("shows the server's error in the partner failure toast and keeps the values", async () => {
    const serverMessage =
      language === 'ko' ? '잠시 후 다시 보내 주세요 (서버)' : 'Too many inquiries from this address';
    fetchMock.mockResolvedValue(fakeResponse(429, JSON.stringify({ statusCode: 429, error: serverMessage })));
    const { user } = await renderForm(language, 'partner');

    await fillValid(user, language, 'partner');
    await user.click(submitButton(language, 'partner'));

    expect(await screen.findByText(serverMessage)).toBeInTheDocument();
    expect(screen.getByText(text.partnerErrorTitle)).toBeInTheDocument();
    expect(screen.queryByText(text.partnerErrorFallback)).toBeNull();
    const inputs = fields(language, 'partner');
    expect(inputs.name).toHaveValue(sample.name);
    expect(inputs.email).toHaveValue(sample.email);
    expect(inputs.phone).toHaveValue(sample.phone);
    expect(inputs.message).toHaveValue(sample.message);
    expect(submitButton(language, 'partner')).toBeEnabled();
  });

  it.each([
    ['an empty 502', () => Promise.resolve(fakeResponse(502, '', 'Bad Gateway'))],
    ['an HTML error page', () => Promise.resolve(fakeResponse(500, '<html>oops</html>'))],
    ['a network failure', () => Promise.reject(new TypeError('Failed to fetch'))],
  ])('falls back to the translated partner error texts on %s', async (_, answer) => {
    fetchMock.mockImplementation(answer);
    const { user } = await renderForm(language, 'partner');

    await fillValid(user, language, 'partner');
    await user.click(submitButton(language, 'partner'));

    expect(await screen.findByText(text.partnerErrorFallback)).toBeInTheDocument();
    expect(screen.getByText(text.partnerErrorTitle)).toBeInTheDocument();
    expect(fields(language, 'partner').message).toHaveValue(sample.message);
  });

  it('shows the contact error as title and description, keeps the values and reports the failure', async () => {
    fetchMock.mockResolvedValue(fakeResponse(500, JSON.stringify({ statusCode: 500, error: 'Internal server error' })));
    const { user } = await renderForm(language, 'contact');

    await fillValid(user, language, 'contact');
    await user.click(submitButton(language, 'contact'));

    await waitFor(() => expect(screen.getAllByText(text.contactError)).toHaveLength(2));
    expect(screen.queryByText('Internal server error')).toBeNull();
    expect(fields(language, 'contact').email).toHaveValue(sample.email);
    expect(fields(language, 'contact').message).toHaveValue(sample.message);
    expect(trackEvent).toHaveBeenCalledTimes(1);
    expect(trackEvent).toHaveBeenCalledWith('contact_form_submit', { category: 'contact', label: 'failure' });
  });
});

it('translates the errors on screen when the language changes', async () => {
  const { user } = await renderForm('ko', 'contact');

  await user.click(submitButton('ko', 'contact'));
  expect(await screen.findByText(TEXTS.ko.nameMin)).toBeInTheDocument();

  await act(() => changeLanguage('en'));

  expect(await screen.findByText(TEXTS.en.nameMin)).toBeInTheDocument();
  expect(screen.getByText(TEXTS.en.emailInvalid)).toBeInTheDocument();
  expect(screen.queryByText(TEXTS.ko.nameMin)).toBeNull();
});
