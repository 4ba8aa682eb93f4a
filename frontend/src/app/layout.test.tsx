import { screen, within } from '@testing-library/react';
import { loadTooltips } from '../components/tooltip';
import { changeLanguage } from '../lib/i18n';
import { jsonResponse, mockFetch } from '../test/fake-fetch';
import { renderApp } from '../test/render';

jest.mock('../lib/analytics', () => ({ trackEvent: jest.fn(), trackPageView: jest.fn() }));

// The tooltips' code, which the first click's pointer movement fetches, in before the clock starts:
// the test waits for the next page's code alone.
beforeAll(() => loadTooltips());

beforeEach(async () => {
  mockFetch().mockResolvedValue(jsonResponse(200, []));
  await changeLanguage('en');
});

describe('moving between pages within the app', () => {
  // This file's module registry has loaded no page but the first: the next one's code must come.
  it("keeps the page shown, without a spinner, until the next page's code is in, then shows it", async () => {
    const { user } = await renderApp('/');
    const nav = screen.getAllByRole('navigation', { name: 'Main' })[0];

    await user.click(within(nav).getByRole('link', { name: 'Why Giftcast' }));

    expect(screen.queryByText('Loading…')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Give your gift a voice and a smile' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'When a card is not enough' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 1, name: 'Give your gift a voice and a smile' })).toBeNull();
  });
});
