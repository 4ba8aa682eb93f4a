// nginx's access log, as the deploy templates write it: one JSON line per request with the request
// id (the one the backend is handed), status, bytes and timings, and a path by its route, so that no
// QR token, video id or unsubscribe token ever reaches the log (nor the error log, for a refused
// upload). Run with Debian's nginx in front of a stand-in backend that notes the X-Request-Id it
// receives.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { freePort, startedNginx } from './nginx/test-support.mjs';

/** X-Request-Id of each request that reached the stand-in backend, by method and address. */
const requestIds = new Map();
const backend = createServer((incoming, outgoing) => {
  requestIds.set(`${incoming.method} ${incoming.url}`, incoming.headers['x-request-id']);
  incoming.resume();
  incoming.on('end', () => {
    outgoing.writeHead(200, { 'Content-Type': 'application/json' });
    outgoing.end('{"ok":true}');
  });
});

const TOKEN = 'qrTok3nSecretAbCdEfGh0123';
const VIDEO_ID = '6f1c1d2e-3a4b-4c5d-8e9f-0a1b2c3d4e5f';
const UNSUBSCRIBE = 'unsubscribeSecret9d8e7f6a5b';
const POST_ID = '0b5e2c1d-7a6f-4e3d-9c8b-1a2f3e4d5c6b';
const SECRETS = [TOKEN, VIDEO_ID, UNSUBSCRIBE, POST_ID];

/** [method, address asked, path the log must show]. */
const REQUESTS = [
  ['GET', `/v/${TOKEN}`, '/v/:token'],
  ['GET', `/v/${TOKEN}?lang=en`, '/v/:token?lang=en'],
  ['GET', `/api/messages/${TOKEN}`, '/api/messages/:token'],
  ['POST', `/api/messages/${TOKEN}/video`, '/api/messages/:token/video'],
  ['DELETE', `/api/messages/${TOKEN}/video`, '/api/messages/:token/video'],
  ['GET', `/api/qr/${TOKEN}/image.png?size=300`, '/api/qr/:token/image.png'],
  ['GET', `/api/videos/${VIDEO_ID}?download=1`, '/api/videos/:id'],
  ['GET', `/api/videos/${VIDEO_ID}/poster.jpg`, '/api/videos/:id/poster.jpg'],
  ['GET', `/unsubscribe?token=${UNSUBSCRIBE}&lang=en`, '/unsubscribe?lang=en'],
  ['GET', `/unsubscribe?lang=ko&token=${UNSUBSCRIBE}`, '/unsubscribe?lang=ko'],
  ['POST', `/api/unsubscribe/one-click?token=${UNSUBSCRIBE}`, '/api/unsubscribe/one-click'],
  ['PATCH', `/api/posts/${POST_ID}`, '/api/posts/:id'],
  ['PATCH', `/api/admin/qr/${POST_ID}`, '/api/admin/qr/:id'],
  ['GET', '/api/qr/available', '/api/qr/available'],
  ['GET', '/api/posts/slug/spring-flowers?lang=en', '/api/posts/slug/spring-flowers?lang=en'],
  ['GET', '/api/admin/subscribers/export.csv', '/api/admin/subscribers/export.csv'],
  ['GET', `/blog?lang=${TOKEN}`, '/blog'],
];

let nginx;
let site;
let scratch;
let lines;

before(async () => {
  scratch = mkdtempSync(join(tmpdir(), 'giftcast-access-log-'));
  await new Promise((listening) => backend.listen(0, '127.0.0.1', listening));
  const port = await freePort();
  site = `http://127.0.0.1:${port}`;
  nginx = await startedNginx(
    {
      BACKEND_UPSTREAM: `127.0.0.1:${backend.address().port}`,
      LISTEN_PORT: `127.0.0.1:${port}`,
      WEB_ROOT: scratch,
    },
    port,
    { errorLog: join(scratch, 'error.log') },
  );
  for (const [method, address] of REQUESTS) {
    const response = await fetch(`${site}${address}`, {
      method,
      headers: { Referer: `https://giftcast.example/v/${TOKEN}`, 'X-Owner-Key': TOKEN },
      body: method === 'GET' ? undefined : `token=${UNSUBSCRIBE}`,
    });
    await response.arrayBuffer();
  }
  // nginx writes a request's line once its answer is sent: wait until every line is there.
  for (let tries = 0; ; tries++) {
    lines = readFileSync(nginx.accessLog, 'utf8').split('\n').filter(Boolean);
    if (lines.length >= REQUESTS.length || tries > 100) break;
    await new Promise((wait) => setTimeout(wait, 50));
  }
});

after(async () => {
  await nginx?.stop();
  await new Promise((closed) => backend.close(closed));
  rmSync(scratch, { recursive: true, force: true });
});

test('the access log holds one line per request, each valid JSON with its fields', () => {
  assert.equal(lines.length, REQUESTS.length);
  for (const line of lines) {
    const entry = JSON.parse(line);
    assert.deepEqual(Object.keys(entry).sort(), [
      'bytes',
      'method',
      'path',
      'remote_addr',
      'request_bytes',
      'request_id',
      'request_time',
      'status',
      'time',
      'upstream',
      'upstream_status',
      'upstream_time',
      'user_agent',
    ]);
    assert.equal(typeof entry.status, 'number');
    assert.equal(typeof entry.bytes, 'number');
    assert.equal(typeof entry.request_time, 'number');
    assert.ok(!Number.isNaN(Date.parse(entry.time)), entry.time);
  }
});

test('no token, video id or record id appears anywhere in the log: not in paths, queries or referers', () => {
  const log = readFileSync(nginx.accessLog, 'utf8');
  for (const secret of SECRETS) assert.ok(!log.includes(secret), `the log holds ${secret}`);
});

test('each path is its route, with only ?lang= kept of the query', () => {
  const logged = lines.map((line) => JSON.parse(line));
  assert.deepEqual(
    logged.map(({ method, path }) => [method, path]),
    REQUESTS.map(([method, , path]) => [method, path]),
  );
});

test('the request id in the log is the X-Request-Id the backend received, one the backend takes as it is', () => {
  const logged = lines.map((line) => JSON.parse(line));
  REQUESTS.forEach(([method, address], index) => {
    const { request_id: id, status, upstream } = logged[index];
    assert.match(id, /^[0-9a-f]{32}$/);
    // backend/src/logging/request-logging.ts keeps an incoming id of letters, digits and ._:- up to 64.
    assert.match(id, /^[A-Za-z0-9][A-Za-z0-9._:-]{0,63}$/);
    assert.equal(requestIds.get(`${method} ${address}`), id, address);
    assert.equal(status, 200);
    assert.equal(upstream, `127.0.0.1:${backend.address().port}`);
  });
  assert.equal(new Set(logged.map(({ request_id: id }) => id)).size, logged.length, 'every request has its own id');
});

test('uploads refused by the budget are logged by their route, and not in the error log with their token', async () => {
  const before = readFileSync(nginx.accessLog, 'utf8').split('\n').filter(Boolean).length;
  const statuses = [];
  // 10 at once, then 2 a minute: the 13th in a row is refused.
  for (let upload = 0; upload < 13; upload++) {
    const response = await fetch(`${site}/api/messages/${TOKEN}/video`, { method: 'POST', body: 'x' });
    await response.arrayBuffer();
    statuses.push(response.status);
  }
  assert.equal(statuses.at(-1), 429);
  let refused = [];
  for (let tries = 0; refused.length === 0 && tries < 100; tries++) {
    await new Promise((wait) => setTimeout(wait, 50));
    refused = readFileSync(nginx.accessLog, 'utf8')
      .split('\n')
      .filter(Boolean)
      .slice(before)
      .map((line) => JSON.parse(line))
      .filter(({ status }) => status === 429);
  }
  assert.ok(refused.length > 0);
  for (const { path } of refused) assert.equal(path, '/api/messages/:token/video');
  assert.ok(!readFileSync(join(scratch, 'error.log'), 'utf8').includes(TOKEN), 'the error log holds the token');
});
