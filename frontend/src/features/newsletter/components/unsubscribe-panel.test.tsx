import { screen, waitFor } from '@testing-library/react';
import { changeLanguage } from '../../../lib/i18n';
import { fakeResponse, jsonResponse, mockFetch, sentRequest } from '../../../test/fake-fetch';
import { renderWithProviders } from '../../../test/render';
import { UnsubscribePanel } from './unsubscribe-panel';

let fetchMock: ReturnType<typeof mockFetch>;

beforeEach(async () => {
  fetchMock = mockFetch();
  await changeLanguage('en');
});

describe('UnsubscribePanel', () => {
  it('asks for a valid token when there is none, and calls nothing', async () => {
    await renderWithProviders(<UnsubscribePanel token={null} />);

    expect(screen.getByRole('heading', { name: 'Invalid Request' })).toBeInTheDocument();
    expect(screen.getByText('A valid unsubscribe token is required.')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('unsubscribes only after confirmation, then offers the way back to the blog', async () => {
    let answer!: (res: Response) => void;
    fetchMock.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    const { user } = await renderWithProviders(<UnsubscribePanel token="tok-123" />);

    expect(fetchMock).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Unsubscribe' }));

    // Pending: the confirm button is disabled until the answer arrives.
    const pendingButton = await screen.findByRole('button', { name: /Unsubscribing/ });
    expect(pendingButton).toBeDisabled();
    expect(await sentRequest(fetchMock)).toMatchObject({
      method: 'POST',
      path: '/api/unsubscribe',
      body: { token: 'tok-123' },
    });

    answer(jsonResponse(200, { success: true, message: 'ok' }));

    expect(await screen.findByRole('heading', { name: 'Unsubscribed Successfully' })).toBeInTheDocument();
    expect(screen.getByText(/resubscribe anytime/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Blog' })).toHaveAttribute('href', '/blog');
  });

  it("shows the server's error with Try Again, which retries", async () => {
    fetchMock
      .mockResolvedValueOnce(fakeResponse(404, JSON.stringify({ statusCode: 404, error: 'Unknown token' })))
      .mockResolvedValueOnce(jsonResponse(200, { success: true }));
    const { user } = await renderWithProviders(<UnsubscribePanel token="stale" />);

    await user.click(screen.getByRole('button', { name: 'Unsubscribe' }));

    expect(await screen.findByRole('heading', { name: 'Unsubscribe Failed' })).toBeInTheDocument();
    expect(screen.getByText('Unknown token')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Blog' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Try Again' }));

    expect(await screen.findByRole('heading', { name: 'Unsubscribed Successfully' })).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it("says 'An error occurred.' when the failure carries no message", async () => {
    fetchMock.mockResolvedValue(fakeResponse(500, '', 'Internal Server Error'));
    const { user } = await renderWithProviders(<UnsubscribePanel token="tok" />);

    await user.click(screen.getByRole('button', { name: 'Unsubscribe' }));

    expect(await screen.findByText('An error occurred.')).toBeInTheDocument();
  });

  it('cancel goes to the blog without unsubscribing', async () => {
    const { user, router } = await renderWithProviders(<UnsubscribePanel token="tok" />, {
      url: '/unsubscribe?token=tok',
    });

    await user.click(screen.getByRole('link', { name: 'Cancel' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/blog'));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('speaks Korean by default', async () => {
    await changeLanguage('ko');
    await renderWithProviders(<UnsubscribePanel token={null} />);

    expect(screen.getByRole('heading', { name: '잘못된 요청' })).toBeInTheDocument();
    expect(screen.getByText('유효한 구독 해지 토큰이 필요합니다.')).toBeInTheDocument();
  });
});
