import { readFile } from 'node:fs/promises';
import { type APIRequestContext, type Page } from '@playwright/test';
import { expect, test } from './support/test';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { E2E } from './support/stack';

// Both projects (desktop, phone) run at once against one backend, whose seed has 32 unused codes
// from serial 0500. The list shows 0500-0519; a test that changes a code uses a serial of its
// own per project and puts it back (a download takes its code for good; the next serial fills in),
// so every other test keeps seeing #0500 first and 20 cards.
const TEXTS = {
  ko: {
    heading: '직접 체험해 보세요',
    list: '사용 가능한 QR 코드',
    live: '실시간',
    badge: '사용 가능',
    count: (n: number) => `${n}개`,
    download: (serial: string) => `QR #${serial} 다운로드`,
  },
  en: {
    heading: 'Try it yourself',
    list: 'Available QR codes',
    live: 'Realtime',
    badge: 'Available',
    count: (n: number) => `${n}`,
    download: (serial: string) => `Download QR #${serial}`,
  },
} as const;

interface AvailableCode {
  id: string;
  serialNumber: string;
  qrToken: string;
}

/** A serial in the visible first 20 that only this test, in this project, changes. */
function ownSerial(desktop: string, phone: string): string {
  return test.info().project.name === 'phone' ? phone : desktop;
}

async function useLanguage(page: Page, language: 'ko' | 'en') {
  await page.addInitScript((lang) => localStorage.setItem('giftcast-language', lang), language);
}

async function availableCodes(request: APIRequestContext): Promise<AvailableCode[]> {
  const res = await request.get('/api/qr/available');
  expect(res.ok()).toBe(true);
  return (await res.json()) as AvailableCode[];
}

async function adminToken(request: APIRequestContext): Promise<string> {
  const res = await request.post('/api/admin/verify', { data: { password: E2E.adminPassword } });
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { token: string }).token;
}

async function findCodeId(request: APIRequestContext, token: string, serial: string): Promise<string> {
  const res = await request.get(`/api/admin/qr?serial=${serial}`, { headers: { Authorization: `Bearer ${token}` } });
  expect(res.ok()).toBe(true);
  const { items } = (await res.json()) as { items: AvailableCode[] };
  const code = items.find((item) => item.serialNumber === serial);
  expect(code, `QR code ${serial}`).toBeDefined();
  return code!.id;
}

async function setStatus(request: APIRequestContext, token: string, id: string, status: 'unused' | 'disabled') {
  const res = await request.patch(`/api/admin/qr/${id}`, {
    headers: { Authorization: `Bearer ${token}` },
    data: { status },
  });
  expect(res.ok()).toBe(true);
}

for (const language of ['ko', 'en'] as const) {
  const text = TEXTS[language];

  test(`[${language}] /try shows the first 20 available codes and their live count`, async ({ page, request }) => {
    await useLanguage(page, language);
    await page.goto('/try');

    await expect(page.getByRole('heading', { level: 1 })).toHaveText(text.heading);
    const cards = page.getByRole('list', { name: text.list }).getByRole('listitem');
    await expect(cards).toHaveCount(20);
    const first = cards.first();
    await expect(first.getByText('#0500', { exact: true })).toBeVisible();
    await expect(first.getByText(text.badge, { exact: true })).toBeVisible();
    await expect(first.getByRole('button', { name: text.download('0500') })).toBeVisible();
    const image = first.getByRole('img', { name: 'QR #0500' });
    await expect(image).toHaveAttribute('width', '200');
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(200);
    await expect(page.getByText(text.live, { exact: true })).toBeVisible();

    // Other tests may take a code out for a moment: the count must settle on the server's number.
    const count = page.getByTestId('available-count');
    await expect(async () => {
      const codes = await availableCodes(request);
      await expect(count).toHaveText(text.count(codes.length), { timeout: 1_000 });
    }).toPass();
  });
}

/** The count and the card serials a /try page's first HTML shows, before any JavaScript. */
async function firstHtmlOfTry(request: APIRequestContext, address: string) {
  const res = await request.get(address, { headers: { Accept: 'text/html' } });
  expect(res.status()).toBe(200);
  const html = await res.text();
  return {
    count: /data-testid="available-count"[^>]*>([^<]*)</.exec(html)?.[1],
    serials: [...html.matchAll(/>#(\d{4,})</g)].map(([, serial]) => serial),
  };
}

for (const language of ['ko', 'en'] as const) {
  const text = TEXTS[language];
  const address = language === 'en' ? '/try?lang=en' : '/try';

  test(`[${language}] /try comes with the live count and the first cards in its HTML, and the app adopts them as they are`, async ({
    page,
    request,
  }) => {
    // Codes other tests take out for a moment may differ between two reads: retried until they agree.
    await expect(async () => {
      const codes = await availableCodes(request);
      expect(codes.length).toBeGreaterThan(20);
      expect(await firstHtmlOfTry(request, address)).toEqual({
        count: text.count(codes.length),
        serials: codes.slice(0, 20).map((code) => code.serialNumber),
      });
    }).toPass();

    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));
    // The count as the server drew it: a page React could not hydrate is drawn again, and this
    // element leaves the document.
    await page.addInitScript(() =>
      document.addEventListener('DOMContentLoaded', () =>
        Object.assign(window, { serverCount: document.querySelector('[data-testid="available-count"]') }),
      ),
    );
    // The stream opens in an effect of the page's content, after React has hydrated it (and
    // reported any mismatch).
    const streamOpened = page.waitForRequest((req) => new URL(req.url()).pathname === '/api/qr/available/stream');
    await page.goto(address);
    await streamOpened;

    const cards = page.getByRole('list', { name: text.list }).getByRole('listitem');
    await expect(cards).toHaveCount(20);
    await expect(async () => {
      const codes = await availableCodes(request);
      await expect(page.getByTestId('available-count')).toHaveText(text.count(codes.length), { timeout: 1_000 });
    }).toPass();
    expect(problems).toEqual([]);
    expect(
      await page.evaluate(() => (window as unknown as { serverCount: Element | null }).serverCount?.isConnected),
    ).toBe(true);
  });
}

const BANNER = {
  ko: { label: '체험 안내', count: /QR 코드 (\d+)개를 사용할 수 있어요/ },
  en: { label: 'Try it notice', count: /available right now: (\d+)\./ },
} as const;

for (const language of ['ko', 'en'] as const) {
  const address = language === 'en' ? '/try?lang=en' : '/try';

  test(`[${language}] the banner states the live count /try shows, from the page's HTML on, and follows it`, async ({
    page,
    request,
  }) => {
    // The HTML carries the number the page was rendered with, in the banner as in the page.
    await expect(async () => {
      const html = await (await request.get(address, { headers: { Accept: 'text/html' } })).text();
      const inPage = /data-testid="available-count"[^>]*>([^<]*)</.exec(html)?.[1];
      expect(`${BANNER[language].count.exec(html)?.[1]}${language === 'ko' ? '개' : ''}`).toBe(inPage);
    }).toPass();

    const serial = ownSerial(language === 'ko' ? '0517' : '0519', language === 'ko' ? '0518' : '0520');
    const token = await adminToken(request);
    const id = await findCodeId(request, token, serial);
    // The banner leaves by itself after 8.3 s: the page's clock moves only when the test moves it.
    const start = new Date('2026-05-01T10:00:00Z');
    await page.clock.install({ time: start });
    await page.clock.pauseAt(new Date(start.getTime() + 1000));
    await page.goto(address);
    await page.clock.runFor(300);
    const banner = page.getByRole('region', { name: BANNER[language].label });
    await expect(banner).toBeVisible();

    /** The banner's number and the page's live count, once both have settled on the same list. */
    const bothCounts = async () => {
      await page.clock.runFor(20);
      const bannerCount = BANNER[language].count.exec((await banner.textContent()) ?? '')?.[1];
      const liveCount = await page.getByTestId('available-count').textContent();
      return { banner: `${bannerCount}${language === 'ko' ? '개' : ''}`, live: liveCount };
    };
    const card = page.getByRole('listitem').filter({ has: page.getByText(`#${serial}`, { exact: true }) });
    const agree = async () => {
      const counts = await bothCounts();
      return counts.banner === counts.live;
    };
    try {
      await expect.poll(agree).toBe(true);
      await setStatus(request, token, id, 'disabled');
      // The stream takes the code out of the page's list, and the banner counts the same list.
      await expect.poll(async () => (await agree()) && (await card.count()) === 0).toBe(true);
    } finally {
      await setStatus(request, token, id, 'unused');
    }
  });
}

test('the grid has two columns on a phone and more on a desktop', async ({ page }) => {
  await page.goto('/try');
  const cards = page.getByRole('listitem').filter({ has: page.getByRole('img', { name: /^QR #/ }) });
  await expect(cards).toHaveCount(20);

  const tops = await cards.evaluateAll((items) => items.slice(0, 6).map((item) => item.getBoundingClientRect().top));
  const perRow = tops.filter((top) => top === tops[0]).length;
  expect(perRow).toBe(test.info().project.name === 'phone' ? 2 : 5);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});

test('a code disabled by an admin leaves the open page without a reload and comes back when re-enabled', async ({
  page,
  request,
}) => {
  const serial = ownSerial('0510', '0511');
  const token = await adminToken(request);
  const id = await findCodeId(request, token, serial);

  await page.goto('/try');
  const card = page.getByRole('listitem').filter({ has: page.getByText(`#${serial}`, { exact: true }) });
  await expect(card).toHaveCount(1);
  const cards = page.getByRole('list', { name: TEXTS.ko.list }).getByRole('listitem');
  // A reload would drop this mark.
  await page.evaluate(() => Object.assign(window, { tryPageMark: true }));

  try {
    await setStatus(request, token, id, 'disabled');
    await expect(card).toHaveCount(0);
    await expect(cards).toHaveCount(20);
    // The public list is answered from nginx's one-second cache: it follows within a second.
    await expect
      .poll(async () => (await availableCodes(request)).some((code) => code.serialNumber === serial))
      .toBe(false);
  } finally {
    await setStatus(request, token, id, 'unused');
  }

  await expect(card).toHaveCount(1);
  await expect(cards).toHaveCount(20);
  expect(await page.evaluate(() => 'tryPageMark' in window)).toBe(true);
});

test('the download button takes the code: the saved 300 px image is of a fresh link nobody else saw, and the code leaves the list', async ({
  page,
  request,
}) => {
  const serial = ownSerial('0515', '0516');
  const code = (await availableCodes(request)).find((c) => c.serialNumber === serial);
  expect(code).toBeDefined();
  const seen = new Set<string>();
  page.on('response', async (response) => {
    if (new URL(response.url()).pathname.startsWith('/api/qr/available'))
      seen.add(await response.text().catch(() => ''));
  });

  await page.goto('/try');
  const card = page.getByRole('listitem').filter({ has: page.getByText(`#${serial}`, { exact: true }) });
  await expect(card).toHaveCount(1);
  const downloadStarted = page.waitForEvent('download');
  await page.getByRole('button', { name: TEXTS.ko.download(serial) }).click();
  const download = await downloadStarted;

  expect(download.suggestedFilename()).toBe(`giftcast-qr-${serial}.png`);
  const png = PNG.sync.read(await readFile(await download.path()));
  expect([png.width, png.height]).toEqual([300, 300]);
  const link = jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data ?? '';
  const freshToken = link.slice(`${E2E.baseUrl}/v/`.length);
  expect(link).toBe(`${E2E.baseUrl}/v/${freshToken}`);
  expect(freshToken).toMatch(/^[A-Za-z0-9_-]{22,}$/);
  expect(freshToken).not.toBe(code!.qrToken);

  // Gone from the open page and from the list, for everyone; the listed token names nothing now.
  await expect(card).toHaveCount(0);
  await expect.poll(async () => (await availableCodes(request)).some((c) => c.serialNumber === serial)).toBe(false);
  const listedNow = JSON.stringify(await availableCodes(request));
  for (const text of [...seen, listedNow]) expect(text).not.toContain(freshToken);
  expect((await request.get(`/api/messages/${code!.qrToken}`)).status()).toBe(404);
  expect(await (await request.get(`/api/messages/${freshToken}`)).json()).toMatchObject({
    serialNumber: serial,
    status: 'unused',
    listed: false,
  });
});

const STREAM_PATH = '/api/qr/available/stream';
const isStream = (url: string) => new URL(url).pathname === STREAM_PATH;

test('the live list stays live across a stream the server ends: the browser reconnects and starts from the current list', async ({
  page,
  request,
}) => {
  // The stack's streams last 22.5-30 s (STREAM_LIFETIME_SECONDS in playwright.config.ts).
  test.setTimeout(120_000);
  const serial = ownSerial('0512', '0513');
  const token = await adminToken(request);
  const id = await findCodeId(request, token, serial);
  const streams: number[] = [];
  page.on('response', (response) => {
    if (isStream(response.url())) streams.push(response.status());
  });

  const firstStreamEnded = page.waitForEvent('requestfinished', {
    predicate: (finished) => isStream(finished.url()),
    timeout: 60_000,
  });
  await page.goto('/try');
  const card = page.getByRole('listitem').filter({ has: page.getByText(`#${serial}`, { exact: true }) });
  await expect(card).toHaveCount(1);
  await page.evaluate(() => Object.assign(window, { tryPageMark: true }));

  await firstStreamEnded;
  try {
    // Taken while the browser waits to reconnect (or just after): the page follows either way.
    await setStatus(request, token, id, 'disabled');
    await expect(card).toHaveCount(0, { timeout: 15_000 });
    await expect.poll(() => streams.length).toBeGreaterThanOrEqual(2);
    expect(streams.every((status) => status === 200)).toBe(true);
  } finally {
    await setStatus(request, token, id, 'unused');
  }
  await expect(card).toHaveCount(1);
  await expect(page.getByRole('list', { name: TEXTS.ko.list }).getByRole('listitem')).toHaveCount(20);
  expect(await page.evaluate(() => 'tryPageMark' in window)).toBe(true);
});

test('a refused live list keeps the page as it is, follows the list meanwhile and is live again once a stream is served', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const serial = ownSerial('0517', '0518');
  const token = await adminToken(request);
  const id = await findCodeId(request, token, serial);
  const streams: number[] = [];
  page.on('response', (response) => {
    if (isStream(response.url())) streams.push(response.status());
  });
  // Every stream the page asks for is refused as nginx refuses one past its caps, until unrouted.
  const refuse = `**${STREAM_PATH}`;
  await page.route(refuse, (route) =>
    route.fulfill({
      status: 503,
      headers: { 'Retry-After': '30' },
      contentType: 'application/json',
      body: JSON.stringify({
        statusCode: 503,
        error: '지금은 실시간 목록을 보는 사람이 너무 많습니다. 잠시 후 다시 시도해주세요',
      }),
    }),
  );

  await page.goto('/try');
  const cards = page.getByRole('list', { name: TEXTS.ko.list }).getByRole('listitem');
  const card = cards.filter({ has: page.getByText(`#${serial}`, { exact: true }) });
  await expect.poll(() => streams).toEqual([503]);
  await expect(cards).toHaveCount(20);
  await expect(card).toHaveCount(1);

  try {
    await setStatus(request, token, id, 'disabled');
    // The page tries a stream again 5-10 s after the refusal, is refused again and reads the list.
    await expect(card).toHaveCount(0, { timeout: 45_000 });
    expect(streams.length).toBeGreaterThanOrEqual(2);
    expect(streams.every((status) => status === 503)).toBe(true);

    await page.unroute(refuse);
    // The next try, 10-20 s after the last refusal, is served.
    await expect.poll(() => streams.at(-1), { timeout: 60_000 }).toBe(200);
  } finally {
    await setStatus(request, token, id, 'unused');
  }
  // Live again: with a stream open the list is no longer read, so the change comes through it.
  await expect(card).toHaveCount(1);
  await expect(cards).toHaveCount(20);
  const count = page.getByTestId('available-count');
  await expect(async () => {
    const codes = await availableCodes(request);
    await expect(count).toHaveText(TEXTS.ko.count(codes.length), { timeout: 1_000 });
  }).toPass();
});
