// What nginx tells the backend about the visitor, and the budgets it keeps per visitor address,
// checked against a stand-in backend that records what reaches it. Each test works from a
// loopback address of its own (127.0.0.x), as nginx counts per address.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { templates } from './nginx/local-nginx.mjs';
import { freePort, sendFrom, startedNginx } from './nginx/test-support.mjs';

const TOO_MANY = {
  ko: { statusCode: 429, error: '요청이 너무 많습니다. 잠시 후 다시 시도해주세요' },
  en: { statusCode: 429, error: 'Too many requests. Please try again shortly' },
};

/** Requests that reached the stand-in backend: `{ method, url, headers, bytes }` (bytes as they arrive). */
const received = [];

const backend = createServer((incoming, outgoing) => {
  const seen = { method: incoming.method, url: incoming.url, headers: incoming.headers, bytes: 0 };
  received.push(seen);
  incoming.on('data', (chunk) => (seen.bytes += chunk.length));
  if (incoming.url.endsWith('/video')) {
    // Answers once the whole body is in, with what it got.
    incoming.on('end', () => {
      outgoing.writeHead(200, { 'Content-Type': 'application/json' });
      outgoing.end(JSON.stringify({ bytes: seen.bytes }));
    });
    return;
  }
  incoming.resume();
  if (incoming.url === '/api/admin/verify') {
    outgoing.writeHead(429, { 'Content-Type': 'application/json', 'Retry-After': '7' });
    outgoing.end(JSON.stringify({ statusCode: 429, error: 'from the backend' }));
    return;
  }
  outgoing.writeHead(200, { 'Content-Type': 'application/json' });
  outgoing.end('{"fromBackend":true}');
});

let nginx;
let port;
let webRoot;

before(async () => {
  await new Promise((listening) => backend.listen(0, '127.0.0.1', listening));
  port = await freePort();
  webRoot = mkdtempSync(join(tmpdir(), 'giftcast-web-'));
  nginx = await startedNginx(
    { BACKEND_UPSTREAM: `127.0.0.1:${backend.address().port}`, LISTEN_PORT: `127.0.0.1:${port}`, WEB_ROOT: webRoot },
    port,
  );
});

after(async () => {
  await nginx?.stop();
  await new Promise((closed) => backend.close(closed));
  rmSync(webRoot, { recursive: true, force: true });
});

let lastOctet = 1;
/** A loopback address no other test uses. */
const newAddress = () => `127.0.0.${++lastOctet}`;

/** One request to nginx from `from` (see sendFrom). */
const send = (from, method, path, options) => sendFrom(port, from, method, path, options);

const post = (from, path, headers = {}) =>
  send(from, 'POST', path, { headers: { 'Content-Type': 'application/json', ...headers }, body: '{}' });

function assertTooMany(answer, language) {
  assert.equal(answer.status, 429);
  assert.match(answer.headers['content-type'], /^application\/json/);
  assert.deepEqual(JSON.parse(answer.text), TOO_MANY[language]);
  assert.equal(answer.headers['retry-after'], '60');
  assert.equal(answer.headers['x-content-type-options'], 'nosniff');
}

test('the template hands the backend the address nginx saw, never the X-Forwarded-For the visitor wrote', () => {
  const template = templates()
    .map(({ text }) => text)
    .join('\n');
  const values = (header) =>
    [...template.matchAll(new RegExp(`proxy_set_header\\s+${header}\\s+([^;]+);`, 'g'))].map(([, value]) => value);
  // Every place that proxies to the backend names it by $giftcast_host (storage's location, its own).
  const proxyingLocations = [...template.matchAll(/proxy_set_header\s+Host\s+\$giftcast_host\b/g)].length;
  assert.deepEqual(values('X-Forwarded-For'), Array(proxyingLocations).fill('$remote_addr'));
  assert.deepEqual(values('X-Real-IP'), Array(proxyingLocations).fill('$remote_addr'));
  assert.doesNotMatch(template, /\$proxy_add_x_forwarded_for/);
});

for (const path of ['/api/posts', '/api/contact', '/blog']) {
  test(`the backend hears the visitor's own address for ${path}, whatever headers the visitor sent`, async () => {
    const visitor = newAddress();
    received.length = 0;
    const answer = await send(visitor, 'GET', path, {
      headers: { 'X-Forwarded-For': '198.51.100.7, 10.0.0.1', 'X-Real-IP': '198.51.100.7' },
    });
    assert.equal(answer.status, 200);
    assert.equal(received.length, 1);
    assert.equal(received[0].headers['x-forwarded-for'], visitor);
    assert.equal(received[0].headers['x-real-ip'], visitor);
  });
}

// [what, paths taken in turn, POSTs let through at once]
const BUDGETS = [
  ['inquiries (contact and partner together)', ['/api/contact', '/api/partner'], 11],
  ['subscriptions', ['/api/subscribe'], 11],
  [
    'the mailed links (confirming, and unsubscribing by the page or one click, together)',
    ['/api/subscribe/confirm', '/api/unsubscribe', '/api/unsubscribe/one-click?token=t'],
    61,
  ],
  ['uploads', ['/api/messages/some-token/video'], 11],
];

for (const [what, paths, allowed] of BUDGETS) {
  test(`${what}: ${allowed} POSTs at once from one address reach the backend, the next are a JSON 429 in the visitor's language`, async () => {
    const visitor = newAddress();
    received.length = 0;
    // All at once: the budget refills as time passes (one a second for unsubscribes).
    const statuses = await Promise.all(
      Array.from({ length: allowed }, async (_, sent) => (await post(visitor, paths[sent % paths.length])).status),
    );
    assert.deepEqual(statuses, Array(allowed).fill(200));
    assert.equal(received.length, allowed);
    assertTooMany(await post(visitor, paths[0], { 'Accept-Language': 'ko-KR,ko;q=0.9' }), 'ko');
    assertTooMany(await post(visitor, paths.at(-1), { 'Accept-Language': 'en-US,en;q=0.9,ko;q=0.8' }), 'en');
    assert.equal(received.length, allowed, 'nothing more reached the backend');

    // Other methods are not counted, and other addresses have budgets of their own.
    assert.equal((await send(visitor, 'GET', paths[0])).status, 200);
    assert.equal((await send(visitor, 'DELETE', paths[0])).status, 200);
    assert.equal((await post(newAddress(), paths[0])).status, 200);
  });
}

test("the backend's own 429 passes through as it is, with its one Retry-After", async () => {
  const answer = await post(newAddress(), '/api/admin/verify');
  assert.equal(answer.status, 429);
  assert.deepEqual(JSON.parse(answer.text), { statusCode: 429, error: 'from the backend' });
  const retryAfter = answer.rawHeaders.filter(
    (_, index) => index % 2 === 0 && /^retry-after$/i.test(answer.rawHeaders[index]),
  );
  assert.deepEqual(retryAfter.length, 1);
  assert.equal(answer.headers['retry-after'], '7');
});

test('a 50 MB upload streams through to the backend as it is sent, not held back until it is all in', async () => {
  const visitor = newAddress();
  const total = 50 * 1024 * 1024;
  const chunk = Buffer.alloc(1024 * 1024, 7);
  received.length = 0;
  const answer = new Promise((resolve, reject) => {
    const call = request(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/api/messages/some-token/video',
        localAddress: visitor,
        agent: false,
        headers: { 'Content-Type': 'video/mp4', 'Content-Length': String(total) },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (part) => (text += part));
        response.on('end', () => resolve({ status: response.statusCode, text }));
      },
    );
    call.on('error', reject);
    (async () => {
      call.write(chunk);
      // The first megabyte reaches the backend while the other 49 are still with the client.
      const deadline = Date.now() + 5000;
      while (!(received[0]?.bytes > 0)) {
        if (Date.now() > deadline)
          return call.destroy(new Error('nothing reached the backend before the body was all sent'));
        await new Promise((wait) => setTimeout(wait, 20));
      }
      for (let sent = chunk.length; sent < total; sent += chunk.length)
        if (!call.write(chunk)) await new Promise((drained) => call.once('drain', drained));
      call.end();
    })();
  });
  const { status, text } = await answer;
  assert.equal(status, 200);
  assert.deepEqual(JSON.parse(text), { bytes: total });
});

test('a JSON body under 1 MB still reaches the backend', async () => {
  received.length = 0;
  const body = JSON.stringify({ message: 'x'.repeat(900 * 1024) });
  const answer = await send(newAddress(), 'POST', '/api/contact', {
    headers: { 'Content-Type': 'application/json' },
    body,
  });
  assert.equal(answer.status, 200);
  assert.equal(received[0].bytes, Buffer.byteLength(body));
});

/** The directives of the site's template by the location they are in (`server` outside any). */
function directivesByLocation() {
  const { text } = templates().find(({ output }) => output === join('giftcast', 'site.conf'));
  const found = new Map();
  const stack = ['server'];
  for (const line of text.split('\n').map((raw) => raw.replace(/#.*/, '').trim())) {
    const opened = /^location\s+(.*?)\s*\{$/.exec(line);
    if (opened) stack.push(opened[1]);
    else if (line === '}') stack.pop();
    else if (line.endsWith(';')) {
      const [name, ...args] = line.slice(0, -1).split(/\s+/);
      const values = found.get(name) ?? [];
      values.push({ location: stack.at(-1), value: args.join(' ') });
      found.set(name, values);
    }
  }
  return (name) => found.get(name) ?? [];
}

const UPLOAD = '~ ^/api/messages/[^/]+/video$';
const STREAM = '= /api/qr/available/stream';

test('only the upload route takes 110 MB bodies unbuffered; everything else takes 1 MB', () => {
  const directive = directivesByLocation();
  assert.deepEqual(directive('client_max_body_size'), [
    { location: 'server', value: '1m' },
    { location: UPLOAD, value: '110m' },
  ]);
  assert.deepEqual(directive('proxy_request_buffering'), [{ location: UPLOAD, value: 'off' }]);
});

test('only the upload route and the live stream wait long for the backend, and only the stream is unbuffered', () => {
  const directive = directivesByLocation();
  assert.deepEqual(directive('proxy_buffering'), [{ location: STREAM, value: 'off' }]);
  const seconds = (value) => Number.parseInt(value) * { s: 1, m: 60, h: 3600 }[value.at(-1)] || Number(value);
  for (const timeout of ['proxy_read_timeout', 'proxy_send_timeout']) {
    const long = directive(timeout).filter(({ value }) => seconds(value) > 60);
    assert.ok(long.length > 0, timeout);
    for (const { location } of long) assert.ok([UPLOAD, STREAM].includes(location), `${timeout} in ${location}`);
    assert.ok(directive(timeout).some(({ location, value }) => location === 'server' && seconds(value) <= 60));
  }
});

test('the public reads a crowd makes reach the backend once a second; a request with a token always reaches it', async () => {
  const from = newAddress();
  for (const path of ['/api/posts?published=true', '/api/testimonials/featured', '/api/qr/available']) {
    received.length = 0;
    const crowd = await Promise.all(Array.from({ length: 30 }, () => send(from, 'GET', path)));
    assert.deepEqual(
      new Set(crowd.map((answer) => `${answer.status} ${answer.text}`)),
      new Set(['200 {"fromBackend":true}']),
    );
    assert.ok(received.length <= 2, `${path}: ${received.length} of 30 reached the backend`);
  }
  received.length = 0;
  const admin = await Promise.all(
    Array.from({ length: 5 }, () => send(from, 'GET', '/api/posts', { headers: { Authorization: 'Bearer admin' } })),
  );
  assert.deepEqual(
    admin.map((answer) => answer.status),
    [200, 200, 200, 200, 200],
  );
  assert.equal(received.filter((seen) => seen.url === '/api/posts').length, 5);
  // Nothing else is cached.
  received.length = 0;
  await Promise.all(Array.from({ length: 5 }, () => send(from, 'GET', '/api/posts/slug/a-post')));
  assert.equal(received.length, 5);
});
