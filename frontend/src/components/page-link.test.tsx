import { fireEvent, screen } from '@testing-library/react';
import { setPageLoader } from '../lib/page-prefetch';
import { renderWithProviders } from '../test/render';
import { PageLink } from './page-link';

afterEach(() => setPageLoader(undefined));

describe('PageLink fetching its page ahead of a click', () => {
  it('fetches the page when a pointer comes over the link, once', async () => {
    const loadPage = jest.fn(() => Promise.resolve());
    setPageLoader(loadPage);
    const { user } = await renderWithProviders(<PageLink to="/why">Why</PageLink>);
    const link = screen.getByRole('link', { name: 'Why' });

    await user.hover(link);
    await user.unhover(link);
    await user.hover(link);
    fireEvent.focus(link);

    expect(loadPage.mock.calls).toEqual([['/why']]);
  });

  it('fetches it when a finger touches the link or the keyboard focuses it', async () => {
    const loadPage = jest.fn(() => Promise.resolve());
    setPageLoader(loadPage);
    await renderWithProviders(
      <>
        <PageLink to="/how">How</PageLink>
        <PageLink to="/support">Support</PageLink>
      </>,
    );

    fireEvent.touchStart(screen.getByRole('link', { name: 'How' }));
    fireEvent.focus(screen.getByRole('link', { name: 'Support' }));

    expect(loadPage.mock.calls).toEqual([['/how'], ['/support']]);
  });

  it('tries again on the next intent when a fetch failed', async () => {
    const loadPage = jest.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(undefined);
    setPageLoader(loadPage);
    const { user } = await renderWithProviders(<PageLink to="/why">Why</PageLink>);
    const link = screen.getByRole('link', { name: 'Why' });

    await user.hover(link);
    await user.unhover(link);
    await user.hover(link);

    expect(loadPage).toHaveBeenCalledTimes(2);
  });

  it('still calls the handlers it was given, and follows the link', async () => {
    setPageLoader(() => Promise.resolve());
    const onPointerEnter = jest.fn();
    const onFocus = jest.fn();
    const { user, router } = await renderWithProviders(
      <PageLink to="/why" onPointerEnter={onPointerEnter} onFocus={onFocus}>
        Why
      </PageLink>,
    );

    await user.click(screen.getByRole('link', { name: 'Why' }));

    expect(onPointerEnter).toHaveBeenCalledTimes(1);
    expect(onFocus).toHaveBeenCalledTimes(1);
    expect(router.state.location.pathname).toBe('/why');
  });
});
