import { screen, waitFor } from '@testing-library/react';
import { changeLanguage } from '../../../lib/i18n';
import { fakeResponse, jsonResponse, mockFetch, sentRequest } from '../../../test/fake-fetch';
import { renderWithProviders } from '../../../test/render';
import { SubscriptionConfirmPanel } from './subscription-confirm-panel';

let fetchMock: ReturnType<typeof mockFetch>;

beforeEach(async () => {
  fetchMock = mockFetch();
  await changeLanguage('en');
});

const expired = () =>
  fakeResponse(
    404,
    JSON.stringify({
      statusCode: 404,
      error: 'This confirmation link has expired or was already used. Please subscribe again',
    }),
  );

describe('SubscriptionConfirmPanel', () => {
  it('asks for a valid link when there is no token, and calls nothing', async () => {
    await renderWithProviders(<SubscriptionConfirmPanel token={null} />);

    expect(screen.getByRole('heading', { name: 'Invalid Request' })).toBeInTheDocument();
    expect(screen.getByText('A valid confirmation link is required.')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('confirms only when the button is pressed, never on opening, then says it is done', async () => {
    let answer!: (res: Response) => void;
    fetchMock.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    const { user } = await renderWithProviders(<SubscriptionConfirmPanel token="tok-123" />);

    expect(screen.getByRole('heading', { name: 'Confirm your subscription?' })).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Confirm Subscription' }));

    // Pending: the button is disabled until the answer arrives.
    expect(await screen.findByRole('button', { name: /Confirming/ })).toBeDisabled();
    expect(await sentRequest(fetchMock)).toMatchObject({
      method: 'POST',
      path: '/api/subscribe/confirm',
      body: { token: 'tok-123' },
    });

    answer(jsonResponse(200, { success: true, message: 'Your subscription is confirmed!' }));

    expect(await screen.findByRole('heading', { name: 'Subscription Confirmed' })).toBeInTheDocument();
    expect(screen.getByText(/A welcome email is on its way/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Blog' })).toHaveAttribute('href', '/blog');
  });

  it("shows the server's message for a used or expired link and leads to the blog to subscribe again, without a retry", async () => {
    fetchMock.mockResolvedValue(expired());
    const { user } = await renderWithProviders(<SubscriptionConfirmPanel token="stale" />);

    await user.click(screen.getByRole('button', { name: 'Confirm Subscription' }));

    expect(await screen.findByRole('heading', { name: 'Confirmation Failed' })).toBeInTheDocument();
    expect(
      screen.getByText('This confirmation link has expired or was already used. Please subscribe again'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Subscribe Again' })).toHaveAttribute('href', '/blog');
    expect(screen.queryByRole('button', { name: 'Try Again' })).not.toBeInTheDocument();
  });

  it("offers Try Again when the failure was the server's, which tries again", async () => {
    fetchMock
      .mockResolvedValueOnce(fakeResponse(503, '', 'Service Unavailable'))
      .mockResolvedValueOnce(jsonResponse(200, { success: true, message: 'ok' }));
    const { user } = await renderWithProviders(<SubscriptionConfirmPanel token="tok" />);

    await user.click(screen.getByRole('button', { name: 'Confirm Subscription' }));
    expect(await screen.findByText('An error occurred.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Blog' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Try Again' }));

    expect(await screen.findByRole('heading', { name: 'Subscription Confirmed' })).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('cancel goes to the blog without confirming', async () => {
    const { user, router } = await renderWithProviders(<SubscriptionConfirmPanel token="tok" />, {
      url: '/subscribe/confirm?token=tok',
    });

    await user.click(screen.getByRole('link', { name: 'Cancel' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/blog'));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('speaks Korean by default', async () => {
    await changeLanguage('ko');
    const { user } = await renderWithProviders(<SubscriptionConfirmPanel token="tok" />);

    expect(screen.getByRole('heading', { name: '구독을 확인하시겠습니까?' })).toBeInTheDocument();
    fetchMock.mockResolvedValue(jsonResponse(200, { success: true, message: 'ok' }));
    await user.click(screen.getByRole('button', { name: '구독 확인' }));
    expect(await screen.findByRole('heading', { name: '구독이 확인되었습니다' })).toBeInTheDocument();
  });
});
