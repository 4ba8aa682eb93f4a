import { fireEvent, screen, waitFor } from '@testing-library/react';
import { changeLanguage } from '../../../lib/i18n';
import { fakeResponse, jsonResponse, mockFetch, sentRequest } from '../../../test/fake-fetch';
import { renderWithProviders } from '../../../test/render';
import { NewsletterBox } from './newsletter-box';

let fetchMock: ReturnType<typeof mockFetch>;

beforeEach(async () => {
  fetchMock = mockFetch();
  await changeLanguage('en');
});

const emailInput = () => screen.getByTestId<HTMLInputElement>('newsletter-email');
const subscribeButton = () => screen.getByRole('button', { name: 'Subscribe' });

describe('NewsletterBox', () => {
  it('labels the email field, which is a required email input', async () => {
    await renderWithProviders(<NewsletterBox />);

    const input = screen.getByLabelText(/Email address/);
    expect(input).toBe(emailInput());
    expect(input).toHaveAttribute('type', 'email');
    expect(input).toBeRequired();
  });

  it('ignores a submit whose email is blank after trimming', async () => {
    await renderWithProviders(<NewsletterBox />);

    fireEvent.input(emailInput(), { target: { value: '   ' } });
    // Submits the form directly: the browser's own required-check must not be what stops it.
    fireEvent.submit(emailInput().closest('form')!);

    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it.each([
    ['ko', '유효한 이메일 주소를 입력해주세요'],
    ['en', 'Please enter a valid email address'],
  ] as const)(
    'refuses an invalid address with the spec’s message in %s, and sends nothing',
    async (language, message) => {
      await changeLanguage(language);
      const { user } = await renderWithProviders(<NewsletterBox />);

      await user.type(emailInput(), 'not-an-address');
      expect(emailInput().checkValidity()).toBe(false); // the browser's check fires `invalid`
      expect(emailInput().validationMessage).toBe(message);

      await user.clear(emailInput());
      await user.type(emailInput(), 'reader@example.com');
      expect(emailInput().validationMessage).toBe('');
      expect(fetchMock).not.toHaveBeenCalled();
    },
  );

  it("subscribes the trimmed address, shows the server's check-your-inbox message and clears the input", async () => {
    const checkInbox =
      'Please check your inbox: follow the link in the email we sent you to confirm your subscription.';
    fetchMock.mockResolvedValue(jsonResponse(200, { success: true, message: checkInbox }));
    const { user } = await renderWithProviders(<NewsletterBox />);

    await user.type(emailInput(), 'reader@example.com');
    await user.click(subscribeButton());

    expect(await screen.findByText('Subscribed!')).toBeInTheDocument();
    expect(screen.getByText(checkInbox)).toBeInTheDocument();
    expect(emailInput()).toHaveValue('');
    expect(await sentRequest(fetchMock)).toMatchObject({
      method: 'POST',
      path: '/api/subscribe',
      body: { email: 'reader@example.com' },
    });
  });

  it('asks to check the inbox when the server sends no message', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, { success: true }));
    const { user } = await renderWithProviders(<NewsletterBox />);

    await user.type(emailInput(), 'reader@example.com');
    await user.click(subscribeButton());

    expect(
      await screen.findByText('Please check your inbox and confirm your subscription with the link we sent you.'),
    ).toBeInTheDocument();
  });

  it("shows the server's message about the address and keeps the input on failure", async () => {
    // An address the browser lets through but the server does not (no top-level domain).
    fetchMock.mockResolvedValue(
      fakeResponse(
        400,
        JSON.stringify({
          statusCode: 400,
          error: 'Please check your input',
          details: [{ field: 'email', message: 'Please enter a valid email address' }],
        }),
      ),
    );
    const { user } = await renderWithProviders(<NewsletterBox />);

    await user.type(emailInput(), 'reader@example');
    await user.click(subscribeButton());

    expect(await screen.findByText('Subscription Failed')).toBeInTheDocument();
    expect(screen.getByText('Please enter a valid email address')).toBeInTheDocument();
    expect(emailInput()).toHaveValue('reader@example');
  });

  it("says 'Failed to subscribe' when the failure carries no message", async () => {
    fetchMock.mockResolvedValue(fakeResponse(502, '', 'Bad Gateway'));
    const { user } = await renderWithProviders(<NewsletterBox />);

    await user.type(emailInput(), 'reader@example.com');
    await user.click(subscribeButton());

    await waitFor(() => expect(screen.getByText('Failed to subscribe')).toBeInTheDocument());
  });
});
