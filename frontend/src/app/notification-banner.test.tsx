import { QUERY_KEYS } from '@giftcast/contract/query-keys';
import { act, fireEvent, screen } from '@testing-library/react';
import { changeLanguage } from '../lib/i18n';
import type { QuerySeed } from '../lib/hydration';
import { jsonResponse, mockFetch, sentPaths } from '../test/fake-fetch';
import { mockMediaQueries } from '../test/media-queries';
import { renderWithProviders } from '../test/render';
import { BANNER_AUTO_HIDE_MS, BANNER_CLOSED_KEY, NotificationBanner } from './notification-banner';

const NOW = new Date('2026-05-01T12:00:00Z').getTime();
const MINUTE = 60_000;

const banner = () => screen.queryByRole('region', { name: 'Try it notice' });

async function advance(ms: number) {
  await act(async () => {
    jest.advanceTimersByTime(ms);
  });
}

/** `n` free codes as GET /api/qr/available lists them. */
const freeCodes = (n: number) =>
  Array.from({ length: n }, (_, index) => ({
    id: `code-${index}`,
    serialNumber: String(500 + index).padStart(4, '0'),
    qrToken: `token-${index}`,
    status: 'unused',
  }));

/**
 * Renders the banner at time 0 of the page load, on a page that came with the list of `free`
 * codes (as /try does), or, with `free: null`, on one that did not.
 */
async function load({ free = 22 }: { free?: number | null } = {}) {
  const seeds: QuerySeed[] = free === null ? [] : [[QUERY_KEYS.availableQrCodes, freeCodes(free)]];
  return renderWithProviders(<NotificationBanner />, { seeds });
}

let fetchMock: ReturnType<typeof mockFetch>;

function preferReducedMotion() {
  mockMediaQueries({ '(prefers-reduced-motion: reduce)': true });
}

beforeEach(async () => {
  // Clocks and timers are faked; microtasks stay real so the router and Chakra settle.
  jest.useFakeTimers({ doNotFake: ['queueMicrotask'], now: NOW });
  fetchMock = mockFetch();
  localStorage.clear();
  await changeLanguage('en');
});

afterEach(() => {
  jest.useRealTimers();
});

/** The page finished loading at `loadedAt` (performance time) and the app starts `startedAfter` ms later. */
function loadedBefore(startedAfter: () => number, loadedAt = 1000) {
  const navigation = { entryType: 'navigation', loadEventEnd: loadedAt } as unknown as PerformanceEntry;
  // The faked clock's `performance` has no entries of its own.
  Object.defineProperty(performance, 'getEntriesByType', { configurable: true, value: () => [navigation] });
  jest.spyOn(performance, 'now').mockImplementation(() => loadedAt + startedAfter() + (Date.now() - NOW));
}

describe('NotificationBanner', () => {
  it('appears 300 ms after load, not before', async () => {
    await load();

    await advance(299);
    expect(banner()).toBeNull();

    await advance(1);
    expect(banner()).toBeInTheDocument();
  });

  it('counts from the page load when the app starts after it', async () => {
    // The app started 200 ms after the load event (it loads once the page has painted).
    loadedBefore(() => 200);
    await load();

    await advance(99);
    expect(banner()).toBeNull();
    await advance(1);
    expect(banner()).toBeInTheDocument();

    // Leaves 8300 ms after load, 8100 ms after the app started.
    await advance(8000 - 1);
    expect(banner()).toHaveAttribute('data-state', 'open');
    await advance(1);
    expect(banner()).toHaveAttribute('data-state', 'closed');
  });

  it('appears at once when the app starts later than 300 ms after load, and not at all after 8300 ms', async () => {
    let startedAfter = 2000;
    loadedBefore(() => startedAfter);
    const { unmount } = await load();
    await advance(0);
    expect(banner()).toBeInTheDocument();
    unmount();

    startedAfter = 8300;
    await load();
    await advance(1000);
    expect(banner()).toBeNull();
  });

  it('waits for the load event when the page is still loading', async () => {
    jest.spyOn(document, 'readyState', 'get').mockReturnValue('loading');
    await load();
    await advance(5000);
    expect(banner()).toBeNull();

    act(() => {
      window.dispatchEvent(new Event('load'));
    });
    await advance(299);
    expect(banner()).toBeNull();
    await advance(1);
    expect(banner()).toBeInTheDocument();
  });

  it('links to /try with the count of free codes the page came with, as /try shows it', async () => {
    await load({ free: 22 });
    await advance(300);

    const link = screen.getByRole('link', {
      name: 'Free trial QR codes available right now: 22. Make your own video message!',
    });
    expect(link).toHaveAttribute('href', '/try');
    expect(screen.getByRole('button', { name: 'Close notice' })).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('says the count in Korean', async () => {
    await changeLanguage('ko');
    await load({ free: 7 });
    await advance(300);

    expect(
      screen.getByRole('link', { name: '지금 무료 체험 QR 코드 7개를 사용할 수 있어요. 직접 만들어 보세요!' }),
    ).toBeInTheDocument();
  });

  it('on a page that came without the list, fetches it and waits for it before it shows', async () => {
    let answer: (response: Response) => void = () => {};
    fetchMock.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    await load({ free: null });

    await advance(1000);
    expect(sentPaths(fetchMock)).toEqual(['/api/qr/available']);
    expect(banner()).toBeNull();

    await act(async () => answer(jsonResponse(200, freeCodes(31))));
    // The query client tells its observers on a timer of its own.
    await advance(0);
    expect(banner()).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /available right now: 31\./ })).toBeInTheDocument();
  });

  it('stays hidden while no code is free, and fetches nothing when it was closed recently', async () => {
    const { unmount } = await load({ free: 0 });
    await advance(BANNER_AUTO_HIDE_MS);
    expect(banner()).toBeNull();
    unmount();

    localStorage.setItem(BANNER_CLOSED_KEY, String(NOW - MINUTE));
    await load({ free: null });
    await advance(1000);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('follows the live list: a new count shows at once, and the last code taken hides it', async () => {
    const { queryClient } = await load({ free: 3 });
    await advance(300);
    expect(screen.getByRole('link', { name: /available right now: 3\./ })).toBeInTheDocument();

    act(() => {
      queryClient.setQueryData(QUERY_KEYS.availableQrCodes, freeCodes(2));
    });
    // The query client tells its observers on a timer of its own.
    await advance(0);
    expect(screen.getByRole('link', { name: /available right now: 2\./ })).toBeInTheDocument();

    act(() => {
      queryClient.setQueryData(QUERY_KEYS.availableQrCodes, freeCodes(0));
    });
    await advance(0);
    expect(banner()).toBeNull();
  });

  it('closes by itself 8300 ms after load, sliding out for 600 ms, without remembering it', async () => {
    await load();
    await advance(8299);
    expect(banner()).toHaveAttribute('data-state', 'open');

    await advance(1);
    expect(banner()).toHaveAttribute('data-state', 'closed');

    await advance(599);
    expect(banner()).toBeInTheDocument();
    await advance(1);
    expect(banner()).toBeNull();
    expect(localStorage.getItem(BANNER_CLOSED_KEY)).toBeNull();
  });

  it('the close button slides it out over 600 ms, then removes it and stores the close time', async () => {
    await load();
    await advance(1000);

    fireEvent.click(screen.getByRole('button', { name: 'Close notice' }));

    expect(localStorage.getItem(BANNER_CLOSED_KEY)).toBe(String(NOW + 1000));
    expect(banner()).toHaveAttribute('data-state', 'closed');
    await advance(599);
    expect(banner()).toBeInTheDocument();
    await advance(1);
    expect(banner()).toBeNull();

    // The auto-close timer, long passed, does not bring it back.
    await advance(10_000);
    expect(banner()).toBeNull();
  });

  it('following its /try link closes it, navigates and stores the close time', async () => {
    const { router } = await load();
    await advance(300);

    fireEvent.click(screen.getByRole('link', { name: /available right now: 22\./ }));

    expect(router.state.location.pathname).toBe('/try');
    expect(localStorage.getItem(BANNER_CLOSED_KEY)).toBe(String(NOW + 300));
    expect(banner()).toHaveAttribute('data-state', 'closed');
    await advance(600);
    expect(banner()).toBeNull();
  });

  it('a ctrl-click on its link (new tab) leaves it open and remembers nothing', async () => {
    await load();
    await advance(300);

    // jsdom cannot open tabs: the browser's default is cancelled after the app has had its say.
    const stopBrowser = (event: Event) => event.preventDefault();
    window.addEventListener('click', stopBrowser);
    fireEvent.click(screen.getByRole('link', { name: /available right now: 22\./ }), { ctrlKey: true });
    window.removeEventListener('click', stopBrowser);

    expect(banner()).toHaveAttribute('data-state', 'open');
    expect(localStorage.getItem(BANNER_CLOSED_KEY)).toBeNull();
  });

  it('under reduced motion the close removes it at once', async () => {
    preferReducedMotion();
    await load();
    await advance(300);

    fireEvent.click(screen.getByRole('button', { name: 'Close notice' }));
    await advance(0);

    expect(banner()).toBeNull();
  });

  it('stays hidden when closed 29 minutes ago', async () => {
    localStorage.setItem(BANNER_CLOSED_KEY, String(NOW - 29 * MINUTE));
    await load();

    await advance(1000);

    expect(banner()).toBeNull();
  });

  it('comes back when closed 30 minutes ago', async () => {
    localStorage.setItem(BANNER_CLOSED_KEY, String(NOW - 30 * MINUTE));
    await load();

    await advance(300);

    expect(banner()).toBeInTheDocument();
  });

  it('ignores a stored value that is not a time', async () => {
    localStorage.setItem(BANNER_CLOSED_KEY, 'yesterday');
    await load();

    await advance(300);

    expect(banner()).toBeInTheDocument();
  });
});
