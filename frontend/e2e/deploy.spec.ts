import { type APIRequestContext, type APIResponse } from '@playwright/test';
import { readFileSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { expect, test } from './support/test';

// What nginx in front of the backend is for, checked through it: these tests run against the
// deploy configuration (deploy/nginx/giftcast.conf.template) and are the same on every screen.

/** A script the home page loads, as the page itself names it. */
async function aScriptOfTheHomePage(request: APIRequestContext): Promise<string> {
  const html = await (await request.get('/')).text();
  const script = /\/assets\/[\w.-]+\.js/.exec(html)?.[0];
  expect(script, 'a script under /assets/ in the home page').toBeDefined();
  return script!;
}

/** Every value of a header, however many times the answer carries it. */
function headerValues(response: APIResponse, name: string): string[] {
  return response
    .headersArray()
    .filter((header) => header.name.toLowerCase() === name)
    .map((header) => header.value);
}

function cacheDirectives(response: APIResponse): string[] {
  return headerValues(response, 'cache-control').flatMap((value) => value.split(',').map((part) => part.trim()));
}

// Policies that never send a page's path to another site: the address of a message page holds its code's token.
const POLICIES_KEEPING_THE_PATH_HOME = [
  'no-referrer',
  'same-origin',
  'origin',
  'strict-origin',
  'origin-when-cross-origin',
  'strict-origin-when-cross-origin',
];

test('nginx answers /assets/ itself, gzip-compressed and cached for a year as immutable @desktop', async ({
  request,
}) => {
  const script = await aScriptOfTheHomePage(request);
  const asset = await request.get(script, { headers: { 'Accept-Encoding': 'gzip' } });
  expect(asset.status()).toBe(200);
  expect(asset.headers()['content-type']).toMatch(/^application\/javascript\b/);
  expect(asset.headers()['content-encoding']).toBe('gzip');
  expect(asset.headers()['vary']).toMatch(/\bAccept-Encoding\b/i);
  expect(cacheDirectives(asset)).toEqual(expect.arrayContaining(['public', 'max-age=31536000', 'immutable']));
  // Sent as the build compressed it (zopfli, vite.config.ts), not compressed again per request.
  const built = fileURLToPath(new URL(`../dist${script}`, import.meta.url));
  expect(gunzipSync(readFileSync(`${built}.gz`)).equals(readFileSync(built))).toBe(true);
  expect(Number(asset.headers()['content-length'])).toBe(statSync(`${built}.gz`).size);

  // Everything the backend answers carries its Content-Security-Policy; a file nginx reads from
  // the build does not, so the script never went through the backend.
  const page = await request.get('/');
  expect(page.headers()['content-security-policy']).toBeDefined();
  expect(asset.headers()['content-security-policy']).toBeUndefined();
});

test('a missing file under /assets/ is a 404 that no cache keeps @desktop', async ({ request }) => {
  const missing = await request.get('/assets/no-such-chunk-00000000.js');
  expect(missing.status()).toBe(404);
  expect(cacheDirectives(missing)).not.toContain('immutable');
});

test('pages, API answers, API errors and assets all carry nosniff and one referrer policy @desktop', async ({
  request,
}) => {
  const answers = {
    page: await request.get('/'),
    'API answer': await request.get('/api/posts?published=true'),
    'API error': await request.get('/api/no-such-route'),
    asset: await request.get(await aScriptOfTheHomePage(request)),
    'site file': await request.get('/favicon.svg'),
  };
  const policies = new Set<string>();
  for (const [kind, response] of Object.entries(answers)) {
    expect(headerValues(response, 'x-content-type-options'), kind).toEqual(['nosniff']);
    const policy = headerValues(response, 'referrer-policy');
    expect(policy, `${kind}: one Referrer-Policy`).toHaveLength(1);
    expect(POLICIES_KEEPING_THE_PATH_HOME, kind).toContain(policy[0]);
    policies.add(policy[0]);
  }
  expect([...policies], 'the same policy on every answer').toHaveLength(1);
});

test('the live list of /try arrives through nginx as it is sent, on a connection that stays open @desktop', async ({
  page,
}) => {
  // Any page of the site will do to open the stream from; this one starts no app.
  await page.goto('/robots.txt');
  await page.evaluate(() => {
    const source = new EventSource('/api/qr/available/stream');
    source.addEventListener(
      'snapshot',
      (event) => {
        const codes = JSON.parse(event.data) as unknown[];
        Object.assign(window, { firstSnapshot: { open: source.readyState === EventSource.OPEN, codes: codes.length } });
      },
      { once: true },
    );
  });
  const firstSnapshot = () =>
    page.evaluate(() => (window as { firstSnapshot?: { open: boolean; codes: number } }).firstSnapshot);
  // A proxy that buffers the stream holds the event until the connection ends, which it never
  // does by itself: the event would not arrive at all.
  await expect.poll(firstSnapshot, { timeout: 20_000 }).toBeDefined();
  const snapshot = (await firstSnapshot())!;
  expect(snapshot.open, 'the connection is open when the event arrives').toBe(true);
  expect(snapshot.codes).toBeGreaterThan(0);
});

test("an unknown address under /api/ answers the API's JSON 404, not a page @desktop", async ({ request }) => {
  // Asked as a browser asks for a page, which is what a fallback to the web app would answer.
  const response = await request.get('/api/no-such-route', { headers: { Accept: 'text/html,*/*' } });
  expect(response.status()).toBe(404);
  expect(response.headers()['content-type']).toMatch(/^application\/json\b/);
  const body = (await response.json()) as { statusCode: number; error: unknown };
  expect(body.statusCode).toBe(404);
  expect(typeof body.error).toBe('string');
});
