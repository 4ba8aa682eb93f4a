import { QUERY_KEYS } from '@giftcast/contract/query-keys';
import { act, screen, waitFor, within } from '@testing-library/react';
import { defaultScheduler, notifyManager } from '@tanstack/react-query';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { AppProviders } from '../../../app/providers';
import { TryPage } from '../../../pages/try-page';
import { changeLanguage } from '../../../lib/i18n';
import { createQueryClient } from '../../../lib/query-client';
import type { QuerySeed } from '../../../lib/hydration';
import {
  type FetchMock,
  fakeResponse,
  jsonResponse,
  mockFetch,
  readRequest,
  sentPaths,
  sentRequest,
} from '../../../test/fake-fetch';
import { renderWithProviders } from '../../../test/render';
import type { AvailableQrCode } from '../api/qr-code';
import { POLL_EVERY_MS, REOPEN_FIRST_MS, REOPEN_LONGEST_MS, reopenDelay } from '../api/use-available-codes';
import { AvailableCodes } from './available-codes';

/** Stands in for the browser's EventSource; tests push the server's events through it. */
class FakeEventSource {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static instances: FakeEventSource[] = [];

  readyState = FakeEventSource.CONNECTING;
  private readonly listeners = new Map<string, Set<(event: Event) => void>>();

  constructor(readonly url: string) {
    FakeEventSource.instances.push(this);
  }

  static latest(): FakeEventSource {
    return FakeEventSource.instances[FakeEventSource.instances.length - 1];
  }

  addEventListener(type: string, listener: (event: Event) => void) {
    if (!this.listeners.has(type)) this.listeners.set(type, new Set());
    this.listeners.get(type)!.add(listener);
  }

  removeEventListener(type: string, listener: (event: Event) => void) {
    this.listeners.get(type)?.delete(listener);
  }

  close() {
    this.readyState = FakeEventSource.CLOSED;
  }

  /** Delivers the event and lets what it changes render (react-query notifies in a microtask here). */
  private dispatch(event: Event): Promise<void> {
    return act(async () => this.listeners.get(event.type)?.forEach((listener) => listener(event)));
  }

  /** The server answered 200 with the stream. */
  opened() {
    this.readyState = FakeEventSource.OPEN;
    return this.dispatch(new Event('open'));
  }

  snapshot(codes: AvailableQrCode[]) {
    this.readyState = FakeEventSource.OPEN;
    return this.dispatch(new MessageEvent('snapshot', { data: JSON.stringify(codes) }));
  }

  /**
   * A stream that ended or dropped (the browser reconnects by itself) or, with `closed`, one the
   * browser gave up on: the server answered with an error status (a refusal, a proxy's 502).
   */
  fail({ closed = false } = {}) {
    this.readyState = closed ? FakeEventSource.CLOSED : FakeEventSource.CONNECTING;
    return this.dispatch(new Event('error'));
  }
}

const code = (serial: number): AvailableQrCode => {
  const serialNumber = String(serial).padStart(4, '0');
  return { id: `id-${serialNumber}`, serialNumber, qrToken: `tok${serialNumber}`, status: 'unused' };
};
const codesFrom = (first: number, count: number) => Array.from({ length: count }, (_, i) => code(first + i));

const cards = () => within(screen.getByRole('list', { name: /QR/ })).getAllByRole('listitem');

let consoleError: jest.SpyInstance;

beforeEach(async () => {
  // Cache updates reach the screen in a microtask rather than a timer (faked in some tests).
  notifyManager.setScheduler(queueMicrotask);
  FakeEventSource.instances = [];
  (globalThis as { EventSource?: unknown }).EventSource = FakeEventSource;
  consoleError = jest.spyOn(console, 'error').mockImplementation(() => {});
  await changeLanguage('ko');
});

afterEach(() => {
  notifyManager.setScheduler(defaultScheduler);
  delete (globalThis as { EventSource?: unknown }).EventSource;
});

describe('the /try page', () => {
  it('shows the loading state until the first snapshot arrives', async () => {
    await renderWithProviders(<TryPage />);

    expect(screen.getByRole('status')).toHaveTextContent('QR 코드를 불러오는 중…');
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
    expect(FakeEventSource.latest().url).toBe('/api/qr/available/stream');
  });

  it('shows the first 20 of a 25-code snapshot in order, each with its serial, badge and image', async () => {
    await renderWithProviders(<TryPage />);

    await FakeEventSource.latest().snapshot(codesFrom(500, 25));

    const items = cards();
    expect(items).toHaveLength(20);
    expect(items.map((item) => within(item).getByText(/^#\d{4}$/).textContent)).toEqual(
      codesFrom(500, 20).map((c) => `#${c.serialNumber}`),
    );
    expect(within(items[0]).getByText('사용 가능')).toBeInTheDocument();
    const image = within(items[0]).getByRole('img', { name: 'QR #0500' });
    expect(image).toHaveAttribute('src', '/api/qr/tok0500/image.png?size=200');
    expect(image).toHaveAttribute('width', '200');
    expect(image).toHaveAttribute('height', '200');
    expect(image).toHaveAttribute('loading', 'eager');
    expect(within(items[19]).getByRole('img', { name: 'QR #0519' })).toHaveAttribute('loading', 'lazy');
    expect(within(items[0]).getByRole('button', { name: 'QR #0500 다운로드' })).toBeInTheDocument();
    expect(screen.getByTestId('available-count')).toHaveTextContent('25개');
    expect(screen.getByText('실시간')).toBeInTheDocument();
  });

  it('starts from the list the page was rendered with and follows the stream from there', async () => {
    await renderWithProviders(<TryPage />, { seeds: [[QUERY_KEYS.availableQrCodes, codesFrom(500, 25)]] });

    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(cards()).toHaveLength(20);
    expect(screen.getByTestId('available-count')).toHaveTextContent('25개');
    expect(FakeEventSource.latest().url).toBe('/api/qr/available/stream');

    await FakeEventSource.latest().snapshot(codesFrom(510, 3));

    expect(cards().map((item) => within(item).getByText(/^#\d{4}$/).textContent)).toEqual(['#0510', '#0511', '#0512']);
    expect(screen.getByTestId('available-count')).toHaveTextContent('3개');
  });

  it('keeps the list it was rendered with when the stream fails before its first snapshot', async () => {
    await renderWithProviders(<TryPage />, { seeds: [[QUERY_KEYS.availableQrCodes, codesFrom(500, 4)]] });

    await FakeEventSource.latest().fail();

    expect(cards()).toHaveLength(4);
    expect(screen.getByTestId('available-count')).toHaveTextContent('4개');
  });

  it('follows later snapshots without a reload: a code taken away disappears', async () => {
    await renderWithProviders(<TryPage />);
    const stream = FakeEventSource.latest();
    await stream.snapshot(codesFrom(500, 25));
    expect(screen.getByRole('img', { name: 'QR #0503' })).toBeInTheDocument();

    await stream.snapshot(codesFrom(500, 25).filter((c) => c.serialNumber !== '0503'));

    expect(screen.queryByRole('img', { name: 'QR #0503' })).not.toBeInTheDocument();
    expect(screen.queryByText('#0503')).not.toBeInTheDocument();
    expect(cards()).toHaveLength(20);
    expect(screen.getByText('#0520')).toBeInTheDocument();
    expect(screen.getByTestId('available-count')).toHaveTextContent('24개');
  });

  it('shows only unused codes even if the snapshot carries others', async () => {
    await renderWithProviders(<TryPage />);

    await FakeEventSource.latest().snapshot([code(500), { ...code(501), status: 'disabled' }, code(502)]);

    expect(cards()).toHaveLength(2);
    expect(screen.queryByText('#0501')).not.toBeInTheDocument();
  });

  it('ends loading when the stream drops before its first snapshot, and shows the snapshot sent after the browser reconnects', async () => {
    await renderWithProviders(<TryPage />);
    const stream = FakeEventSource.latest();

    await stream.fail();

    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: '현재 사용 가능한 QR 코드가 없습니다.' })).toBeInTheDocument();

    // The browser reconnected on its own and the server sent the list.
    await stream.snapshot(codesFrom(500, 3));
    expect(cards()).toHaveLength(3);
    expect(FakeEventSource.instances).toHaveLength(1);
  });

  it('follows the list across a stream that ends: the browser reconnects by itself and the first snapshot is the current list', async () => {
    await renderWithProviders(<TryPage />);
    const stream = FakeEventSource.latest();
    await stream.opened();
    await stream.snapshot(codesFrom(500, 5));

    // The server ended the stream after its lifetime; the list stays until the next snapshot.
    await stream.fail();
    expect(cards()).toHaveLength(5);
    await stream.opened();
    await stream.snapshot(codesFrom(501, 4));

    expect(cards().map((item) => within(item).getByText(/^#\d{4}$/).textContent)).toEqual([
      '#0501',
      '#0502',
      '#0503',
      '#0504',
    ]);
    expect(FakeEventSource.instances).toHaveLength(1);
    expect(consoleError).not.toHaveBeenCalled();
  });

  it('closes the stream when the page is left', async () => {
    const { unmount } = await renderWithProviders(<TryPage />);
    const stream = FakeEventSource.latest();

    unmount();

    expect(stream.readyState).toBe(FakeEventSource.CLOSED);
  });

  it.each([
    ['ko', '현재 사용 가능한 QR 코드가 없습니다.'],
    ['en', 'No QR codes available at the moment.'],
  ] as const)('says so in %s when no code is available', async (language, text) => {
    await changeLanguage(language);
    await renderWithProviders(<TryPage />);

    await FakeEventSource.latest().snapshot([]);

    expect(screen.getByRole('heading', { name: text })).toBeInTheDocument();
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
  });

  it('speaks English: badge, download label and count', async () => {
    await changeLanguage('en');
    await renderWithProviders(<TryPage />);

    await FakeEventSource.latest().snapshot(codesFrom(500, 2));

    expect(screen.getAllByText('Available')).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Download QR #0501' })).toBeInTheDocument();
    expect(screen.getByText('Realtime')).toBeInTheDocument();
    expect(screen.getByTestId('available-count')).toHaveTextContent(/^2$/);
  });
});

describe('reopenDelay', () => {
  it('waits between half and all of 10 s after a first refusal', () => {
    expect(REOPEN_FIRST_MS).toBe(10_000);
    expect(reopenDelay(1, () => 0)).toBe(5_000);
    expect(reopenDelay(1, () => 0.5)).toBe(7_500);
    expect(reopenDelay(1, () => 1)).toBe(10_000);
  });

  it('doubles the wait with each refusal in a row, up to 5 minutes', () => {
    expect([1, 2, 3, 4, 5, 6].map((refusals) => reopenDelay(refusals, () => 1))).toEqual([
      10_000, 20_000, 40_000, 80_000, 160_000, 300_000,
    ]);
    expect(REOPEN_LONGEST_MS).toBe(300_000);
    expect(reopenDelay(50, () => 1)).toBe(300_000);
    expect(reopenDelay(50, () => 0)).toBe(150_000);
  });
});

describe('the /try page when its stream is refused', () => {
  let fetchMock: FetchMock;
  const listReads = () => sentPaths(fetchMock).filter((path) => path === '/api/qr/available').length;
  /** Lets timers due within `ms` run, and the reads they start settle and render. */
  const wait = (ms: number) => act(() => jest.advanceTimersByTimeAsync(ms));

  beforeEach(() => {
    jest.useFakeTimers();
    // Every wait at its longest: the tests know when each attempt comes.
    jest.spyOn(Math, 'random').mockReturnValue(1);
    fetchMock = mockFetch();
    fetchMock.mockImplementation(() => Promise.resolve(jsonResponse(200, codesFrom(500, 3))));
  });

  afterEach(() => {
    jest.useRealTimers();
  });

  it('keeps the list it shows and reads the current one at once', async () => {
    let answer!: (response: Response) => void;
    fetchMock.mockImplementation(() => new Promise((resolve) => (answer = resolve)));
    await renderWithProviders(<TryPage />, { seeds: [[QUERY_KEYS.availableQrCodes, codesFrom(500, 6)]] });

    await FakeEventSource.latest().fail({ closed: true });
    expect(listReads()).toBe(1);
    expect(cards()).toHaveLength(6);

    answer(jsonResponse(200, codesFrom(500, 3)));
    await wait(0);
    expect(cards()).toHaveLength(3);
    expect(screen.getByTestId('available-count')).toHaveTextContent('3개');
    expect(consoleError).toHaveBeenCalled();
  });

  it('opens a new stream after the wait, twice as long after each refusal in a row, and the first wait again once one opened', async () => {
    await renderWithProviders(<TryPage />);

    for (const expectedWait of [10_000, 20_000, 40_000]) {
      const refused = FakeEventSource.instances.length;
      await FakeEventSource.latest().fail({ closed: true });
      await wait(expectedWait - 1);
      expect(FakeEventSource.instances).toHaveLength(refused);
      await wait(1);
      expect(FakeEventSource.instances).toHaveLength(refused + 1);
    }

    const served = FakeEventSource.latest();
    await served.opened();
    await served.snapshot(codesFrom(500, 2));
    expect(cards()).toHaveLength(2);
    // Refused again later (the server ended it and the reconnect was refused): 10 s again.
    await served.fail({ closed: true });
    await wait(10_000);
    expect(FakeEventSource.instances).toHaveLength(5);
  });

  it('reads the list at each refusal and 30 s after the last read while no stream is open, and no more once one is', async () => {
    await renderWithProviders(<TryPage />);
    await FakeEventSource.latest().fail({ closed: true });
    await wait(0);
    expect(listReads()).toBe(1);

    // The second stream, 10 s later, is refused too: read again at once.
    await wait(REOPEN_FIRST_MS);
    fetchMock.mockImplementation(() => Promise.resolve(jsonResponse(200, codesFrom(502, 4))));
    await FakeEventSource.latest().fail({ closed: true });
    await wait(0);
    expect(listReads()).toBe(2);
    expect(cards().map((item) => within(item).getByText(/^#\d{4}$/).textContent)).toEqual([
      '#0502',
      '#0503',
      '#0504',
      '#0505',
    ]);

    // The third comes 20 s after that refusal, is refused too: read at once, and 30 s later.
    await wait(REOPEN_FIRST_MS * 2);
    expect(FakeEventSource.instances).toHaveLength(3);
    expect(listReads()).toBe(2);
    await FakeEventSource.latest().fail({ closed: true });
    await wait(0);
    expect(listReads()).toBe(3);
    await wait(POLL_EVERY_MS - 1);
    expect(listReads()).toBe(3);
    await wait(1);
    expect(listReads()).toBe(4);

    // The fourth, 40 s after the third refusal, is served: no more reads.
    await wait(40_000 - POLL_EVERY_MS);
    expect(FakeEventSource.instances).toHaveLength(4);
    await FakeEventSource.latest().opened();
    const reads = listReads();
    await wait(10 * POLL_EVERY_MS);
    expect(listReads()).toBe(reads);
  });

  it('keeps its list when a read fails, and reads again 30 s later', async () => {
    await renderWithProviders(<TryPage />, { seeds: [[QUERY_KEYS.availableQrCodes, codesFrom(500, 6)]] });
    fetchMock.mockImplementation(() => Promise.resolve(fakeResponse(503, '{"statusCode":503,"error":"busy"}')));

    await FakeEventSource.latest().fail({ closed: true });
    await wait(0);
    expect(listReads()).toBe(1);
    expect(cards()).toHaveLength(6);

    fetchMock.mockImplementation(() => Promise.resolve(jsonResponse(200, codesFrom(500, 3))));
    await wait(POLL_EVERY_MS);
    expect(listReads()).toBe(2);
    expect(cards()).toHaveLength(3);
  });

  it('stops trying and reading once the page is left', async () => {
    const { unmount } = await renderWithProviders(<TryPage />);
    await FakeEventSource.latest().fail({ closed: true });
    await wait(0);

    unmount();
    await wait(REOPEN_LONGEST_MS);

    expect(FakeEventSource.instances).toHaveLength(1);
    expect(listReads()).toBe(1);
  });
});

describe('the list rendered on the server', () => {
  let root: Root | undefined;

  afterEach(() => {
    act(() => root?.unmount());
    root = undefined;
    document.body.innerHTML = '';
  });

  const withProviders = (seeds: QuerySeed[]) => {
    const queryClient = createQueryClient();
    for (const [queryKey, data] of seeds) queryClient.setQueryData(queryKey, data);
    return (
      <AppProviders queryClient={queryClient}>
        <MemoryRouter>
          <AvailableCodes />
        </MemoryRouter>
      </AppProviders>
    );
  };

  /** The server's HTML, adopted by the browser's first render with the same seeds. */
  async function renderThenHydrate(seeds: QuerySeed[]) {
    // Node, where the server renders, has no EventSource.
    const { EventSource } = globalThis as { EventSource?: unknown };
    delete (globalThis as { EventSource?: unknown }).EventSource;
    let html: string;
    try {
      html = renderToString(withProviders(seeds));
    } finally {
      Object.assign(globalThis, { EventSource });
    }
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    const serverCount = container.querySelector('[data-testid="available-count"]');
    const mismatches: unknown[] = [];
    await act(async () => {
      root = hydrateRoot(container, withProviders(seeds), { onRecoverableError: (error) => mismatches.push(error) });
    });
    return { html, mismatches, serverCount };
  }

  it('holds the count and the first cards of the list it is given, and hydrates without a mismatch', async () => {
    const { html, mismatches, serverCount } = await renderThenHydrate([
      [QUERY_KEYS.availableQrCodes, codesFrom(500, 25)],
    ]);

    expect(html).toContain('>25개</span>');
    expect(html.match(/>#\d{4}</g)).toHaveLength(20);
    expect(html).not.toContain('role="status"');
    expect(mismatches).toEqual([]);
    expect(serverCount?.isConnected).toBe(true);
    expect(screen.getByTestId('available-count')).toHaveTextContent('25개');
  });

  it('holds the loading state without a list, as the browser starts, and hydrates without a mismatch', async () => {
    const { html, mismatches, serverCount } = await renderThenHydrate([]);

    expect(html).toContain('QR 코드를 불러오는 중…');
    expect(html).not.toContain('현재 사용 가능한 QR 코드가 없습니다.');
    expect(mismatches).toEqual([]);
    expect(serverCount?.isConnected).toBe(true);
  });
});

describe('downloading a QR code', () => {
  let fetchMock: ReturnType<typeof mockFetch>;
  let createObjectURL: jest.Mock<string, [Blob]>;
  let revokeObjectURL: jest.Mock;
  const taken = { id: 'id0507', serialNumber: '0507', qrToken: 'fresh0507', status: 'unused' };

  beforeEach(() => {
    fetchMock = mockFetch();
    createObjectURL = jest.fn<string, [Blob]>(() => 'blob:qr-0507');
    revokeObjectURL = jest.fn();
    Object.assign(URL, { createObjectURL, revokeObjectURL });
  });

  /** Answers the take with `takeAnswer` and the image with `imageAnswer`. */
  function answer(takeAnswer: () => Promise<Response>, imageAnswer?: () => Promise<Response>) {
    fetchMock.mockImplementation(async (input, init) => {
      const { method } = await readRequest(input, init);
      if (method === 'POST') return takeAnswer();
      if (!imageAnswer) throw new Error('no image was to be fetched');
      return imageAnswer();
    });
  }

  async function clickDownload() {
    const rendered = await renderWithProviders(<TryPage />);
    await FakeEventSource.latest().snapshot(codesFrom(500, 10));
    await rendered.user.click(screen.getByRole('button', { name: 'QR #0507 다운로드' }));
  }

  it('takes the code first, then saves the 300 px image of its fresh token as giftcast-qr-<serial>.png', async () => {
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47]);
    answer(
      () => Promise.resolve(jsonResponse(201, taken)),
      () => Promise.resolve(new Response(png, { headers: { 'Content-Type': 'image/png' } })),
    );
    const saved: { href: string; download: string }[] = [];
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ href: this.href, download: this.download });
    });

    await clickDownload();

    await waitFor(() => expect(saved).toEqual([{ href: 'blob:qr-0507', download: 'giftcast-qr-0507.png' }]));
    const take = await sentRequest(fetchMock, 0);
    expect({ method: take.method, path: take.path }).toEqual({ method: 'POST', path: '/api/qr/tok0507/take' });
    expect((await sentRequest(fetchMock, 1)).path).toBe('/api/qr/fresh0507/image.png?size=300');
    const blob = createObjectURL.mock.calls[0][0];
    expect(new Uint8Array(await blob.arrayBuffer())).toEqual(png);
    expect(document.querySelector('a[download]')).not.toBeInTheDocument();
    expect(await screen.findByText(/QR #0507은\(는\) 이제 내 코드예요/)).toBeInTheDocument();
  });

  it.each([
    ['the request fails', () => Promise.reject(new TypeError('Failed to fetch'))],
    ['the server answers an error', () => Promise.resolve(fakeResponse(500, '', 'Internal Server Error'))],
  ])('opens the taken code’s image in a new tab when %s', async (_, imageAnswer) => {
    answer(() => Promise.resolve(jsonResponse(201, taken)), imageAnswer);
    const open = jest.spyOn(window, 'open').mockImplementation(() => null);
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click');

    await clickDownload();

    await waitFor(() =>
      expect(open).toHaveBeenCalledWith('/api/qr/fresh0507/image.png?size=300', '_blank', 'noopener'),
    );
    expect(click).not.toHaveBeenCalled();
    expect(createObjectURL).not.toHaveBeenCalled();
  });

  it('downloads nothing and says why when the code cannot be taken', async () => {
    answer(() => Promise.resolve(jsonResponse(404, { statusCode: 404, error: 'QR 코드를 찾을 수 없습니다' })));
    const open = jest.spyOn(window, 'open').mockImplementation(() => null);

    await clickDownload();

    expect(await screen.findByText('QR 코드를 찾을 수 없습니다')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(open).not.toHaveBeenCalled();
    expect(createObjectURL).not.toHaveBeenCalled();
  });
});
