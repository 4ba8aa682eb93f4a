import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type APIRequestContext, type Page } from '@playwright/test';
import { expect, test } from './support/test';
import { E2E } from './support/stack';

// The page a scanned QR code opens. Flows that record on a code take a fresh one from the admin
// API, so the seeded codes the /try tests count on are never touched.
const TEXTS = {
  ko: {
    page: '영상 메시지',
    notFound: 'QR 코드를 찾을 수 없어요',
    disabled: '사용하지 않는 QR 코드예요',
    choose: '영상 메시지를 남겨 주세요',
    record: '지금 녹화하기',
    start: '녹화 시작',
    stop: '녹화 끝내기',
    preview: '이렇게 보낼까요?',
    send: '보내기',
    sending: '영상을 보내는 중…',
    sent: '영상 메시지를 남겼어요!',
    keepUntil: /^영상은 .+까지 보관돼요\.$/,
    processing: '영상을 준비하고 있어요',
    player: '당신을 위한 영상 메시지가 도착했어요',
    playerLabel: '영상 메시지',
    deletedOn: /^.+에 삭제됩니다$/,
    download: '영상 저장하기',
    takeBack: '영상 취소하기',
    takeBackConfirm: '네, 취소할게요',
    takenBack: '영상을 취소했어요. 새 영상을 남길 수 있어요.',
    view: '메시지 페이지 보기',
    fileLabel: '올릴 영상 파일',
    listed: '체험 페이지에 공개된 QR 코드예요',
    takeCode: '내 코드로 만들기',
    yourCode: '이제 나만의 QR 코드예요',
    yourCodeImage: /^내 QR 코드 #/,
  },
  en: {
    page: 'Video message',
    notFound: "We can't find this QR code",
    disabled: 'This QR code is not in use',
    choose: 'Leave a video message',
    record: 'Record now',
    start: 'Start recording',
    stop: 'Stop recording',
    preview: 'Ready to send?',
    send: 'Send',
    sending: 'Sending your video…',
    sent: 'Your video message has been sent!',
    keepUntil: /^It stays until .+\.$/,
    processing: 'Preparing the video',
    player: 'A video message for you',
    playerLabel: 'Video message',
    deletedOn: /^Deleted on .+$/,
    download: 'Save the video',
    takeBack: 'Take it back',
    takeBackConfirm: 'Yes, take it back',
    takenBack: 'Your video was taken back. You can leave a new one.',
    view: 'View the message page',
    fileLabel: 'Video file to upload',
    listed: 'This code is listed on the try page',
    takeCode: 'Make it my code',
    yourCode: 'This QR code is yours now',
    yourCodeImage: /^Your QR code #/,
  },
} as const;

type Language = keyof typeof TEXTS;

interface QrCode {
  id: string;
  serialNumber: string;
  qrToken: string;
}

/** Transcoding a short clip takes seconds; a loaded CI machine gets a minute. */
const READY_TIMEOUT = 60_000;

async function useLanguage(page: Page, language: Language) {
  await page.addInitScript((lang) => localStorage.setItem('giftcast-language', lang), language);
}

/** Each project speaks one language, so both are driven end to end. */
function projectLanguage(): Language {
  return test.info().project.name === 'phone' ? 'en' : 'ko';
}

async function adminToken(request: APIRequestContext): Promise<string> {
  const res = await request.post('/api/admin/verify', { data: { password: E2E.adminPassword } });
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { token: string }).token;
}

/** A newly generated unused code, for this test alone: a printed one, or one listed on /try. */
async function freshCode(request: APIRequestContext, pool: 'print' | 'try' = 'print'): Promise<QrCode> {
  const token = await adminToken(request);
  const res = await request.post('/api/admin/qr', {
    headers: { Authorization: `Bearer ${token}` },
    data: { count: 1, pool },
  });
  expect(res.status()).toBe(201);
  const { items } = (await res.json()) as { items: QrCode[] };
  expect(items).toHaveLength(1);
  return items[0];
}

type OwnerKeys = Record<string, { ownerKey: string; takeBackUntil: string }>;

async function ownerKeys(page: Page): Promise<OwnerKeys> {
  return page.evaluate(() => JSON.parse(localStorage.getItem('giftcast-owner-keys') ?? '{}') as OwnerKeys);
}

/** Waits until the player is shown and its video's metadata has loaded; returns the element. */
async function expectPlayableMessage(page: Page, language: Language) {
  const text = TEXTS[language];
  await expect(page.getByRole('heading', { name: text.player })).toBeVisible({ timeout: READY_TIMEOUT });
  const video = page.getByLabel(text.playerLabel, { exact: true });
  await expect(video).toHaveAttribute('src', /^\/api\/videos\/[^/?]+$/);
  await expect(video).toHaveAttribute('poster', /^\/api\/videos\/[^/?]+\/poster\.jpg$/);
  await expect(video).toHaveAttribute('playsinline', '');
  // The transcoded MP4 really plays here: its metadata loads and it lasts about two seconds.
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.duration), { timeout: 15_000 }).toBeGreaterThan(1);
  // Seeking works (the server answers byte ranges): jump to 1 s and land there.
  const landed = await video.evaluate(
    (v: HTMLVideoElement) =>
      new Promise<number>((resolve) => {
        v.addEventListener('seeked', () => resolve(v.currentTime), { once: true });
        v.currentTime = 1;
      }),
  );
  expect(landed).toBeCloseTo(1, 0);
  await expect(page.getByText(text.deletedOn)).toBeVisible();
  const poster = await page.request.get((await video.getAttribute('poster'))!);
  expect(poster.headers()['content-type']).toContain('image/jpeg');
  return video;
}

/** The page's cumulative layout shift so far: the shifts no input caused, summed. */
function layoutShift(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let total = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
            if (!entry.hadRecentInput) total += entry.value;
          }
        }).observe({ type: 'layout-shift', buffered: true });
        // The buffered entries are delivered in the observer's first task.
        setTimeout(() => resolve(total), 200);
      }),
  );
}

for (const language of ['ko', 'en'] as const) {
  const text = TEXTS[language];

  test(`[${language}] an unknown code shows the not-found state and stays out of search engines`, async ({ page }) => {
    await useLanguage(page, language);
    await page.goto('/v/no-such-code-0000000000000000');

    await expect(page.getByRole('heading', { level: 1 })).toHaveText(text.page);
    await expect(page.getByRole('heading', { level: 2, name: text.notFound })).toBeVisible();
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
}

test('a disabled code says plainly that it is not in use', async ({ page, request }) => {
  const language = projectLanguage();
  await useLanguage(page, language);
  const code = await freshCode(request);
  const token = await adminToken(request);
  const res = await request.patch(`/api/admin/qr/${code.id}`, {
    headers: { Authorization: `Bearer ${token}` },
    data: { status: 'disabled' },
  });
  expect(res.ok()).toBe(true);

  await page.goto(`/v/${code.qrToken}`);

  await expect(page.getByRole('heading', { name: TEXTS[language].disabled })).toBeVisible();
  await expect(page.getByRole('button', { name: TEXTS[language].record })).toHaveCount(0);
});

test("a code's page asks for its state once, beside its code; the recorder's code comes only when the giver heads there", async ({
  page,
  request,
}) => {
  const language = projectLanguage();
  const text = TEXTS[language];
  await useLanguage(page, language);
  const code = await freshCode(request);
  const stateRequests: string[] = [];
  const recorderCode: string[] = [];
  page.on('request', (sent) => {
    const { pathname } = new URL(sent.url());
    if (pathname === `/api/messages/${code.qrToken}`) stateRequests.push(pathname);
    if (/\/assets\/(camera-recorder|video-preview)-[\w-]+\.js$/.test(pathname)) recorderCode.push(pathname);
  });

  await page.goto(`/v/${code.qrToken}`);
  const record = page.getByRole('button', { name: text.record });
  await expect(record).toBeVisible();

  expect(stateRequests).toHaveLength(1);
  expect(recorderCode).toEqual([]);
  // A pointer over the button: the recorder's and the preview's code come ahead of the click.
  await record.hover();
  await expect.poll(() => recorderCode.length).toBe(2);
});

test('record with the camera, send, watch once processed, download, then take it back', async ({ page, request }) => {
  test.setTimeout(240_000);
  const language = projectLanguage();
  const text = TEXTS[language];
  await useLanguage(page, language);
  const code = await freshCode(request);

  await page.goto(`/v/${code.qrToken}`);
  await expect(page.getByRole('heading', { name: text.choose })).toBeVisible();
  await page.getByRole('button', { name: text.record }).click();

  // Chromium's fake camera: the preview plays and the start button unlocks.
  const start = page.getByRole('button', { name: text.start });
  await expect(start).toBeEnabled();
  await start.click();
  await expect(page.getByRole('timer')).toHaveText(/^00:0[2-9] \/ 03:00$/, { timeout: 10_000 });
  await page.getByRole('button', { name: text.stop }).click();

  await expect(page.getByRole('heading', { name: text.preview })).toBeVisible();
  await expect(page.locator('video[src^="blob:"]')).toHaveCount(1);

  // A slow uplink, so that the progress bar is seen before the answer.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: 16 * 1024,
  });
  await page.getByRole('button', { name: text.send }).click();
  await expect(page.getByRole('heading', { name: text.sending })).toBeVisible();
  await expect(page.getByRole('progressbar')).toBeVisible();
  // The percentage moves as the bytes go (16 KB/s: even the small fake-camera clip takes seconds).
  await expect(page.getByTestId('upload-percent')).toHaveText(/^([1-9]\d?|100)%$/);
  // Seen: the rest goes at full speed.
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });

  await expect(page.getByRole('heading', { name: text.sent })).toBeVisible({ timeout: 60_000 });
  await expect(page.getByText(text.keepUntil)).toBeVisible();
  const keys = await ownerKeys(page);
  expect(keys[code.qrToken]?.ownerKey).toEqual(expect.any(String));

  // A reload shows the processing state (unless the transcode already finished), then the player.
  await page.reload();
  await expect(
    page.getByRole('heading', { name: text.processing }).or(page.getByRole('heading', { name: text.player })),
  ).toBeVisible();
  await expectPlayableMessage(page, language);

  const downloadStarted = page.waitForEvent('download');
  await page.getByRole('link', { name: text.download }).click();
  const download = await downloadStarted;
  expect(download.suggestedFilename()).toMatch(/\.mp4$/);
  expect(statSync(await download.path()).size).toBeGreaterThan(1_000);

  // This browser sent it, so it can take it back; the code is free again.
  await page.getByRole('button', { name: text.takeBack }).click();
  await page.getByRole('button', { name: text.takeBackConfirm }).click();
  await expect(page.getByRole('heading', { name: text.choose })).toBeVisible();
  await expect(page.getByText(text.takenBack)).toBeVisible();
  expect((await ownerKeys(page))[code.qrToken]).toBeUndefined();
  const state = await request.get(`/api/messages/${code.qrToken}`);
  expect(await state.json()).toMatchObject({ status: 'unused', message: null });

  // ...and record a new message on the same code.
  await page.getByRole('button', { name: text.record }).click();
  await expect(page.getByRole('button', { name: text.start })).toBeEnabled();
  await page.getByRole('button', { name: text.start }).click();
  await expect(page.getByRole('timer')).toHaveText(/^00:0[1-9] \/ 03:00$/, { timeout: 10_000 });
  await page.getByRole('button', { name: text.stop }).click();
  await page.getByRole('button', { name: text.send }).click();
  await expect(page.getByRole('heading', { name: text.sent })).toBeVisible({ timeout: 90_000 });
  const again = await request.get(`/api/messages/${code.qrToken}`);
  expect(((await again.json()) as { status: string }).status).toBe('recorded');
});

test.describe('uploading a video file', () => {
  let dir: string;
  let clip: string;

  test.beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'giftcast-e2e-'));
    clip = join(dir, 'clip.mp4');
    const generate = '-loglevel error -f lavfi -i testsrc=duration=2:size=320x240:rate=15 -f lavfi -i sine=duration=2';
    execFileSync('ffmpeg', [...generate.split(' '), '-shortest', '-pix_fmt', 'yuv420p', clip], { stdio: 'pipe' });
  });

  test.afterAll(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  test('pick a small real video, preview it, send it and watch it once processed', async ({ page, request }) => {
    test.setTimeout(120_000);
    const language = projectLanguage();
    const text = TEXTS[language];
    await useLanguage(page, language);
    const code = await freshCode(request);

    await page.goto(`/v/${code.qrToken}`);
    await expect(page.getByRole('heading', { name: text.choose })).toBeVisible();
    await page.getByLabel(text.fileLabel).setInputFiles(clip);

    await expect(page.getByRole('heading', { name: text.preview })).toBeVisible();
    const preview = page.locator('video[src^="blob:"]');
    await expect.poll(() => preview.evaluate((v: HTMLVideoElement) => v.duration)).toBeGreaterThan(1);
    // Sent once the page has looked at the file (it may offer a shrink first).
    await expect(page.getByRole('button', { name: text.send })).toBeEnabled();
    await page.getByRole('button', { name: text.send }).click();

    await expect(page.getByRole('heading', { name: text.sent })).toBeVisible({ timeout: 30_000 });
    await page.getByRole('button', { name: text.view }).click();
    await expectPlayableMessage(page, language);
    // Still within 24 hours, from the browser that sent it.
    await expect(page.getByRole('button', { name: text.takeBack })).toBeVisible();

    // Another browser (the recipient) sees the same message, without the take-back.
    const recipient = await page.context().browser()!.newPage();
    try {
      await useLanguage(recipient, language);
      await recipient.goto(`/v/${code.qrToken}`);
      await expectPlayableMessage(recipient, language);
      await expect(recipient.getByRole('button', { name: text.takeBack })).toHaveCount(0);
      // Nothing on the page moved while the code's state and then the video's size arrived.
      expect(await layoutShift(recipient)).toBeLessThan(0.01);
    } finally {
      await recipient.close();
    }
  });

  for (const language of ['ko', 'en'] as const) {
    test(`[${language}] a code from /try is made the giver's own before recording: a new address, shown with its QR to share @phone`, async ({
      page,
      request,
    }) => {
      test.setTimeout(120_000);
      const text = TEXTS[language];
      await useLanguage(page, language);
      const code = await freshCode(request, 'try');

      await page.goto(`/v/${code.qrToken}`);
      await expect(page.getByRole('heading', { name: text.listed })).toBeVisible();
      await expect(page.getByLabel(text.fileLabel)).toHaveCount(0);
      await page.getByRole('button', { name: text.takeCode }).click();

      await expect(page.getByRole('heading', { name: text.yourCode })).toBeVisible();
      await expect(page).not.toHaveURL(new RegExp(code.qrToken));
      const freshToken = new URL(page.url()).pathname.slice('/v/'.length);
      expect(freshToken).toMatch(/^[A-Za-z0-9_-]{22,}$/);
      await expect(page.getByTestId('your-code-link')).toHaveText(`${E2E.baseUrl}/v/${freshToken}`);
      const image = page.getByRole('img', { name: text.yourCodeImage });
      await expect(image).toHaveAttribute('src', `/api/qr/${freshToken}/image.png?size=200`);
      await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(200);
      // Everything fits the phone's width.
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);

      await page.getByLabel(text.fileLabel).setInputFiles(clip);
      await page.getByRole('button', { name: text.send }).click();
      await expect(page.getByRole('heading', { name: text.sent })).toBeVisible({ timeout: 30_000 });

      // The listed address names nothing, and /try no longer offers the code.
      expect((await request.get(`/api/messages/${code.qrToken}`)).status()).toBe(404);
      expect(await (await request.get(`/api/messages/${freshToken}`)).json()).toMatchObject({ status: 'recorded' });
      const listed = (await (await request.get('/api/qr/available')).json()) as QrCode[];
      expect(listed.map((c) => c.id)).not.toContain(code.id);
    });
  }
});
