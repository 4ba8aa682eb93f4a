import { type APIRequestContext, type APIResponse } from '@playwright/test';
import { readFileSync, statSync } from 'node:fs';
import { type IncomingHttpHeaders, request as httpRequest } from 'node:http';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { E2E } from './support/stack';
import { expect, test } from './support/test';

// What nginx in front of the backend is for, checked through it: these tests run against the
// deploy configuration (deploy/nginx/templates/) and are the same on every screen.

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
  const built = fileURLToPath(new URL(`../dist/client${script}`, import.meta.url));
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
      (event: MessageEvent<string>) => {
        const codes = JSON.parse(event.data) as unknown[];
        Object.assign(window, { firstSnapshot: { open: source.readyState === EventSource.OPEN, codes: codes.length } });
      },
      { once: true },
    );
  });
  const firstSnapshot = () =>
    page.evaluate(() => (window as { firstSnapshot?: { open: boolean; codes: number } }).firstSnapshot);
  // A proxy that buffers the stream holds the event until the connection ends, at the end of the
  // stream's lifetime (22.5 s at the earliest in this suite): the event would not arrive in time.
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

interface RawAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

/**
 * A POST to nginx from a loopback address other than 127.0.0.1, where every other test comes
 * from: nginx and the backend count it apart, so filling its budgets slows no other test down.
 */
function postFrom(
  address: string,
  path: string,
  body: object,
  headers: Record<string, string> = {},
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const call = httpRequest(
      {
        host: '127.0.0.1',
        port: E2E.port,
        method: 'POST',
        path,
        localAddress: address,
        agent: false,
        headers: { 'Content-Type': 'application/json', ...headers },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: text }));
      },
    );
    call.on('error', reject);
    call.end(JSON.stringify(body));
  });
}

test("a script posting inquiries is stopped by nginx itself with the API's JSON 429, in Korean or English @desktop", async () => {
  const script = '127.0.0.21';
  let refused: { sent: number; answer: RawAnswer } | undefined;
  // Empty inquiries: the backend refuses them (400) and stores nothing, but nginx counts every POST.
  for (let sent = 1; sent <= 30 && !refused; sent++) {
    const answer = await postFrom(script, '/api/contact', {}, { 'Accept-Language': 'ko-KR,ko;q=0.9,en;q=0.8' });
    if (answer.status === 429) refused = { sent, answer };
    else expect(answer.status, `POST ${sent}`).toBe(400);
  }
  expect(refused, 'a 429 within the burst nginx allows').toBeDefined();
  expect(refused!.sent).toBeLessThanOrEqual(12);
  const { answer } = refused!;
  expect(answer.headers['content-type']).toMatch(/^application\/json\b/);
  expect(JSON.parse(answer.body)).toEqual({
    statusCode: 429,
    error: '요청이 너무 많습니다. 잠시 후 다시 시도해주세요',
  });
  expect(answer.headers['retry-after']).toBe('60');
  // Everything the backend answers carries its Content-Security-Policy: this came from nginx.
  expect(answer.headers['content-security-policy']).toBeUndefined();

  const english = await postFrom(script, '/api/partner', {}, { 'Accept-Language': 'en-US,en;q=0.9' });
  expect(english.status).toBe(429);
  expect(english.headers['content-type']).toMatch(/^application\/json\b/);
  expect(JSON.parse(english.body)).toEqual({ statusCode: 429, error: 'Too many requests. Please try again shortly' });
});

test('a visitor cannot name another address in X-Forwarded-For: wrong logins still reach 429, and the admin logs in from elsewhere @desktop', async () => {
  const guesser = '127.0.0.22';
  const statuses: number[] = [];
  for (let attempt = 1; attempt <= 12; attempt++) {
    const answer = await postFrom(
      guesser,
      '/api/admin/verify',
      { password: `wrong-${attempt}` },
      { 'X-Forwarded-For': `10.${attempt}.0.1` },
    );
    statuses.push(answer.status);
  }
  expect(statuses.filter((status) => status === 401).length).toBeLessThanOrEqual(5);
  expect(statuses.slice(-7)).toEqual(Array(7).fill(429));

  // The lock is the guesser's alone: from elsewhere the admin gets in, even naming the guesser's address.
  const admin = await postFrom(
    '127.0.0.23',
    '/api/admin/verify',
    { password: E2E.adminPassword },
    { 'X-Forwarded-For': guesser },
  );
  expect(admin.status).toBe(200);
});

/** A GET of `path` exactly as written (no URL parser fixes a broken %-escape), to nginx or the backend. */
function getRaw(port: number, path: string): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const call = httpRequest({ host: '127.0.0.1', port, path, agent: false }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: text }));
    });
    call.on('error', reject);
    call.end();
  });
}

const THROUGH = { nginx: E2E.port, backend: E2E.backendPort };

for (const [through, port] of Object.entries(THROUGH)) {
  test(`an address whose %-escapes do not decode is the 404 page, under /api/ the API's JSON 404, through ${through} @desktop`, async () => {
    for (const path of ['/blog/%E0%A4%A', '/blog/%ZZ', '/%', '/assets/%ZZ']) {
      const answer = await getRaw(port, path);
      expect({ path, status: answer.status, type: answer.headers['content-type'] }).toEqual({
        path,
        status: 404,
        type: expect.stringMatching(/^text\/html\b/),
      });
      expect(answer.body, path).toMatch(/<h1[^>]*>페이지를 찾을 수 없습니다<\/h1>/);
    }
    for (const path of ['/api/%ZZ', '/api/posts/slug/%E0%A4%A']) {
      const answer = await getRaw(port, path);
      expect({ path, status: answer.status, body: JSON.parse(answer.body) as unknown }).toEqual({
        path,
        status: 404,
        body: { statusCode: 404, error: '존재하지 않는 API 경로입니다' },
      });
    }
  });
}

/** The server bundle and the pages' sources, by where they lie in the build and where they once lay. */
const SERVER_FILES = [
  '/server/entry-server.js',
  '/server/index.html',
  '/server/prerender/ko/index.html',
  '/index.html',
  '/ssr/entry-server.js',
  '/prerender/ko/index.html',
];
/** Each as written, with its first letter %-encoded, and with that escape encoded again. */
const encodedForms = (path: string) => {
  const escape = `%${path.charCodeAt(1).toString(16)}`;
  return [path, `/${escape}${path.slice(2)}`, `/${escape.replace('%', '%25')}${path.slice(2)}`];
};

for (const [through, port] of Object.entries(THROUGH)) {
  test(`only public files are served as files: the server bundle and the pages' sources are 404 however encoded, a script and the media load, through ${through} @desktop`, async ({
    request,
  }) => {
    for (const path of SERVER_FILES.flatMap(encodedForms)) {
      const answer = await getRaw(port, path);
      expect({ path, status: answer.status, type: answer.headers['content-type'] }).toEqual({
        path,
        status: 404,
        type: expect.stringMatching(/^text\/html\b/),
      });
      expect(answer.body, path).toMatch(/<h1[^>]*>페이지를 찾을 수 없습니다<\/h1>/);
    }
    // Climbing out of the public files is refused too, by nginx at its request line.
    for (const path of ['/..%2fserver/entry-server.js', '/media/..%2f..%2fserver/entry-server.js']) {
      const answer = await getRaw(port, path);
      expect({ path, refused: answer.status >= 400 && answer.status < 500 }).toEqual({ path, refused: true });
      expect(answer.body, path).not.toContain('renderDocument');
    }

    for (const path of [await aScriptOfTheHomePage(request), '/favicon.svg', '/media/share-ko.jpg']) {
      const answer = await getRaw(port, path);
      expect({ path, status: answer.status }).toEqual({ path, status: 200 });
      expect(answer.headers['content-type'], path).toMatch(/javascript|svg|jpeg/);
    }
  });
}

test('on a phone the camera is offered over https, on a name that is not localhost, and plain HTTP redirects there @https', async ({
  page,
  request,
}) => {
  // giftcast.test (mapped to 127.0.0.1 for Chromium) is not localhost: only TLS makes it a secure
  // origin, where browsers offer the camera. Over plain HTTP the same page gets none.
  const camera = () =>
    page.evaluate(() => ({ secure: window.isSecureContext, camera: typeof navigator.mediaDevices?.getUserMedia }));
  await page.goto(`${E2E.plainNamedUrl}/v/no-such-code-0000000000000000`);
  expect(await camera()).toEqual({ secure: false, camera: 'undefined' });
  await page.goto(`${E2E.secureNamedUrl}/v/no-such-code-0000000000000000`);
  expect(await camera()).toEqual({ secure: true, camera: 'function' });

  const plain = await request.get(`${E2E.securePlainUrl}/v/some-code?from=sticker`, { maxRedirects: 0 });
  expect([301, 308]).toContain(plain.status());
  expect(plain.headers()['location']).toBe(`${E2E.secureNamedUrl}/v/some-code?from=sticker`);
  expect(plain.headers()['strict-transport-security']).toBeUndefined();
  const secure = await request.get('/api/posts?published=true');
  expect(secure.headers()['strict-transport-security']).toMatch(/^max-age=\d+/);
});
