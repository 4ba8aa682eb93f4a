import { act, screen, within } from '@testing-library/react';
import { trackPageView } from '../lib/analytics';
import { changeLanguage } from '../lib/i18n';
import { jsonResponse, mockFetch } from '../test/fake-fetch';
import { mockMediaQueries } from '../test/media-queries';
import { renderApp } from '../test/render';

jest.mock('../lib/analytics', () => ({ trackEvent: jest.fn(), trackPageView: jest.fn() }));

function preferReducedMotion(reduce: boolean) {
  mockMediaQueries({ '(prefers-reduced-motion: reduce)': reduce });
}

const mainNav = () => screen.getAllByRole('navigation', { name: 'Main' })[0];

beforeEach(async () => {
  mockFetch().mockResolvedValue(jsonResponse(200, []));
  await changeLanguage('en');
});

describe('on every route change', () => {
  it('scrolls smoothly to the top', async () => {
    preferReducedMotion(false);
    const scrollTo = jest.spyOn(window, 'scrollTo');
    const { router } = await renderApp('/');

    await act(() => router.navigate('/about'));

    expect(scrollTo).toHaveBeenCalledWith({ top: 0, left: 0, behavior: 'smooth' });
  });

  it('jumps to the top at once for visitors who prefer reduced motion', async () => {
    preferReducedMotion(true);
    const scrollTo = jest.spyOn(window, 'scrollTo');
    const { router } = await renderApp('/');

    await act(() => router.navigate('/about'));

    expect(scrollTo).toHaveBeenCalledWith({ top: 0, left: 0, behavior: 'instant' });
    expect(scrollTo).not.toHaveBeenCalledWith(expect.objectContaining({ behavior: 'smooth' }));
  });

  it('the current page link also scrolls instantly under reduced motion', async () => {
    preferReducedMotion(true);
    const scrollTo = jest.spyOn(window, 'scrollTo');
    const { user } = await renderApp('/how');

    await user.click(within(mainNav()).getByRole('link', { name: 'How it works' }));

    expect(scrollTo).toHaveBeenCalledWith({ top: 0, left: 0, behavior: 'instant' });
  });

  it('reports each page once to analytics, with its query string', async () => {
    const { router } = await renderApp('/');
    expect(trackPageView).toHaveBeenCalledWith('/');

    await act(() => router.navigate('/blog?page=2'));

    expect(trackPageView).toHaveBeenLastCalledWith('/blog?page=2');
    expect(trackPageView).toHaveBeenCalledTimes(2);
  });
});
