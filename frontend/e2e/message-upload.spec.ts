import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './support/test';
import { E2E } from './support/stack';
import { watchTus } from './support/tus-watch';

// The giver's upload over a failing network and the shrink of a phone's 4K video, against the
// backend's tus endpoints (watched on their way by support/tus-watch.ts, which can lose a chunk),
// so the message is really stored, transcoded and played.
const TEXTS = {
  ko: {
    choose: '영상 메시지를 남겨 주세요',
    fileLabel: '올릴 영상 파일',
    send: '보내기',
    sent: '영상 메시지를 남겼어요!',
    offline: '네트워크 연결을 기다리고 있어요. 다시 연결되면 자동으로 이어서 보내요.',
    serverAway: '서버가 잠시 응답하지 않아요. 조금 뒤 자동으로 이어서 보내요.',
    shrink: /^줄이고 앞의 .+만 남기기$|^720p로 줄이기$/,
    shrunk: /로 줄였어요\. 확인한 뒤 보내 주세요\.$/,
    player: '당신을 위한 영상 메시지가 도착했어요',
    playerLabel: '영상 메시지',
  },
  en: {
    choose: 'Leave a video message',
    fileLabel: 'Video file to upload',
    send: 'Send',
    sent: 'Your video message has been sent!',
    offline: 'Waiting for the network. Sending continues by itself once you are back online.',
    serverAway: "The server isn't answering right now. Sending continues by itself in a moment.",
    shrink: /^Shrink and keep the first .+$|^Shrink to 720p$/,
    shrunk: /^Shrunk to .+\. Take a look, then send it\.$/,
    player: 'A video message for you',
    playerLabel: 'Video message',
  },
} as const;

type Language = keyof typeof TEXTS;

function projectLanguage(): Language {
  return test.info().project.name === 'phone' ? 'en' : 'ko';
}

async function useLanguage(page: Page, language: Language) {
  await page.addInitScript((lang) => localStorage.setItem('giftcast-language', lang), language);
}

/** The page in the project's language, and that language's texts. */
async function inProjectLanguage(page: Page) {
  const language = projectLanguage();
  await useLanguage(page, language);
  return { language, text: TEXTS[language] };
}

async function freshCode(request: APIRequestContext): Promise<string> {
  const login = await request.post('/api/admin/verify', { data: { password: E2E.adminPassword } });
  const { token } = (await login.json()) as { token: string };
  const res = await request.post('/api/admin/qr', {
    headers: { Authorization: `Bearer ${token}` },
    data: { count: 1 },
  });
  expect(res.status()).toBe(201);
  return ((await res.json()) as { items: { qrToken: string }[] }).items[0].qrToken;
}

/** The recipient, in a browser of their own, sees the message play. */
async function recipientPlays(page: Page, qrToken: string, language: Language) {
  const recipient = await page.context().browser()!.newPage();
  try {
    await useLanguage(recipient, language);
    await recipient.goto(`/v/${qrToken}`);
    await expect(recipient.getByRole('heading', { name: TEXTS[language].player })).toBeVisible({ timeout: 90_000 });
    const video = recipient.getByLabel(TEXTS[language].playerLabel, { exact: true });
    await expect
      .poll(() => video.evaluate((v: HTMLVideoElement) => v.duration), { timeout: 15_000 })
      .toBeGreaterThan(1);
    return video;
  } finally {
    await recipient.close();
  }
}

/** The giver picks the noisy clip on the code's page and sends it. */
async function sendNoisy(page: Page, qrToken: string, text: (typeof TEXTS)[Language]) {
  await page.goto(`/v/${qrToken}`);
  await page.getByLabel(text.fileLabel).setInputFiles(noisy);
  const send = page.getByRole('button', { name: text.send });
  await expect(send).toBeEnabled();
  await send.click();
}

let dir: string;
/** 36 MB of lossless noise in 4 s: six chunks of 6 MiB. */
let noisy: string;
/** A 4K clip over the 100 MB limit (lossless noise), as a phone's gallery could hold. */
let fourK: string;

test.beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'giftcast-e2e-upload-'));
  noisy = join(dir, 'noisy.mp4');
  fourK = join(dir, 'four-k.mp4');
  const make = (size: string, rate: number, seconds: number, quantizer: number, out: string) =>
    execFileSync(
      'ffmpeg',
      [
        ...['-loglevel', 'error', '-f', 'lavfi', '-i'],
        `nullsrc=s=${size}:r=${rate}:d=${seconds},geq=random(1)*255:128:128`,
        ...['-f', 'lavfi', '-i', `sine=duration=${seconds}`, '-shortest'],
        ...['-c:v', 'libx264', '-preset', 'ultrafast', '-qp', String(quantizer), '-pix_fmt', 'yuv420p'],
        ...['-c:a', 'aac', out],
      ],
      { stdio: 'pipe', timeout: 240_000 },
    );
  make('640x360', 25, 4, 0, noisy);
  // Quantizer 1, not 0: lossless H.264 is a profile that browsers do not decode.
  make('3840x2160', 8, 2.5, 1, fourK);
  expect(statSync(fourK).size).toBeGreaterThan(104_857_600);
});

test.afterAll(() => rmSync(dir, { recursive: true, force: true }));

test('the connection drops at about 40 %: the page says it waits, and the upload finishes by itself once back', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const { text } = await inProjectLanguage(page);
  const tus = await watchTus(page.context(), statSync(noisy).size);
  let dropped = false;
  tus.beforeChunk = async (before, after) => {
    if (dropped || before >= 0.4 || after < 0.4) return 'keep';
    dropped = true;
    await page.context().setOffline(true);
    return 'drop';
  };
  const qrToken = await freshCode(request);

  await sendNoisy(page, qrToken, text);

  await expect(page.getByText(text.offline)).toBeVisible({ timeout: 30_000 });
  const shownOffline = Number((await page.getByTestId('upload-percent').textContent())!.replace('%', ''));
  expect(shownOffline).toBeGreaterThanOrEqual(20);
  await page.context().setOffline(false);

  await expect(page.getByRole('heading', { name: text.sent })).toBeVisible({ timeout: 120_000 });
  expect(tus.requests.filter((sent) => sent.method === 'POST')).toHaveLength(1);
  // It went on from the server's offset (asked with HEAD), not from the start.
  const afterDrop = tus.requests.slice(tus.requests.findIndex((sent) => sent.method === 'HEAD'));
  expect(afterDrop.find((sent) => sent.method === 'PATCH')?.offset).toBeGreaterThan(0);
});

test('the server is away at about 40 % (an outage, a deploy): the page says so, and the same upload finishes once it is back', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const { text } = await inProjectLanguage(page);
  // The page's clock, so that the retries' back-off (about a minute in all) passes at once.
  await page.clock.install();
  const tus = await watchTus(page.context(), statSync(noisy).size);
  tus.beforeChunk = (before, after) => {
    if (!tus.outage && before < 0.4 && after >= 0.4) tus.outage = true;
    return 'keep';
  };
  const qrToken = await freshCode(request);

  await sendNoisy(page, qrToken, text);

  const serverAway = page.getByText(text.serverAway);
  await expect
    .poll(
      async () => {
        await page.clock.fastForward(5_000);
        return serverAway.isVisible();
      },
      { timeout: 60_000 },
    )
    .toBe(true);
  await expect(page.getByText(text.offline)).toBeHidden();
  // Every try in the outage asked the same upload's offset again: none created a new one.
  expect(tus.requests.filter((sent) => sent.method === 'HEAD').length).toBeGreaterThanOrEqual(7);
  tus.outage = false;
  await page.clock.fastForward(31_000);

  await expect(page.getByRole('heading', { name: text.sent })).toBeVisible({ timeout: 120_000 });
  expect(tus.requests.filter((sent) => sent.method === 'POST')).toHaveLength(1);
  expect(tus.requests.filter((sent) => sent.method === 'DELETE')).toHaveLength(0);
});

test('a reload at about 60 % resumes from where the upload was, without a new pick @phone', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const { language, text } = await inProjectLanguage(page);
  const tus = await watchTus(page.context(), statSync(noisy).size);
  let reloadAt: ((value: void) => void) | null = null;
  const reloadNow = new Promise<void>((resolve) => (reloadAt = resolve));
  let held = false;
  let reloaded: (value: void) => void = () => undefined;
  const afterReload = new Promise<void>((resolve) => (reloaded = resolve));
  // The chunk that crosses 60 % is held until the page reloads, then lost with it.
  tus.beforeChunk = async (before, after) => {
    if (held || before >= 0.6 || after < 0.6) return 'keep';
    held = true;
    reloadAt?.();
    await afterReload;
    return 'drop';
  };
  const qrToken = await freshCode(request);

  await sendNoisy(page, qrToken, text);
  await reloadNow;
  const before = tus.requests.length;
  const heldOffset = Math.max(...tus.requests.map((sent) => sent.offset ?? 0));
  await page.reload();
  reloaded();

  await expect(page.getByRole('heading', { name: text.sent })).toBeVisible({ timeout: 120_000 });
  const resumed = tus.requests.slice(before);
  expect(resumed.map((sent) => sent.method)).not.toContain('POST');
  expect(resumed[0]).toMatchObject({ method: 'HEAD' });
  expect(resumed[1]).toMatchObject({ method: 'PATCH', offset: heldOffset });
  expect(heldOffset).toBeGreaterThan(statSync(noisy).size * 0.4);
  // The video was kept in IndexedDB only while it was on its way.
  const kept = await page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const opened = indexedDB.open('giftcast-uploads');
        opened.onerror = () => reject(new Error(String(opened.error)));
        opened.onsuccess = () => {
          const count = opened.result.transaction('pending').objectStore('pending').count();
          count.onsuccess = () => resolve(count.result);
        };
      }),
  );
  expect(kept).toBe(0);
  await recipientPlays(page, qrToken, language);
});

test('a 4K clip over the size limit is shrunk in the browser, sent, and plays on the recipient side @phone', async ({
  page,
  request,
}) => {
  test.setTimeout(300_000);
  const { language, text } = await inProjectLanguage(page);
  const qrToken = await freshCode(request);

  await page.goto(`/v/${qrToken}`);
  await page.getByLabel(text.fileLabel).setInputFiles(fourK);
  const send = page.getByRole('button', { name: text.send });
  await page.getByRole('button', { name: text.shrink }).click();
  await expect(page.getByText(text.shrunk)).toBeVisible({ timeout: 240_000 });
  const preview = page.locator('video[src^="blob:"]');
  await expect
    .poll(() => preview.evaluate((v: HTMLVideoElement) => [v.videoWidth, v.videoHeight]))
    .toEqual([1280, 720]);
  await send.click();

  await expect(page.getByRole('heading', { name: text.sent })).toBeVisible({ timeout: 120_000 });
  const video = await recipientPlays(page, qrToken, language);
  expect(video).toBeTruthy();
});
