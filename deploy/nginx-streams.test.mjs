// The live /try list through the deploy nginx: its streams are capped per address and in all, the
// workers' connections are sized for the caps (nginx.conf), and a crowd of streams from many
// addresses leaves every other route answering. Against a stand-in backend that holds every
// stream open, as the real one does for its lifetime.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { MAIN_CONFIG, templates } from './nginx/local-nginx.mjs';
import { freePort, sendFrom, startedNginx } from './nginx/test-support.mjs';

const STREAM = '/api/qr/available/stream';
const STREAMS_FULL = {
  ko: { statusCode: 503, error: '지금은 실시간 목록을 보는 사람이 너무 많습니다. 잠시 후 다시 시도해주세요' },
  en: { statusCode: 503, error: 'Too many people are following the live list right now. Please try again shortly' },
};

/** The caps the site's template sets on the stream's location: `{ perAddress, total }`. */
function streamCaps() {
  const { text } = templates().find(({ output }) => output === join('giftcast', 'site.conf'));
  const location = /location = \/api\/qr\/available\/stream \{([^}]*)\}/.exec(text)[1];
  const cap = (zone) => Number(new RegExp(`limit_conn ${zone} (\\d+);`).exec(location)?.[1]);
  return { perAddress: cap('giftcast_streams'), total: cap('giftcast_streams_total') };
}

/** A directive's number in the main configuration. */
const mainSetting = (name) =>
  Number(new RegExp(`^\\s*${name} (\\d+);`, 'm').exec(readFileSync(MAIN_CONFIG, 'utf8'))?.[1]);

/** Stream answers the stand-in holds open until the test is over. */
const held = new Set();
const backend = createServer((incoming, outgoing) => {
  incoming.resume();
  if (incoming.url === STREAM) {
    outgoing.writeHead(200, { 'Content-Type': 'text/event-stream' });
    outgoing.write('retry: 3000\n\nevent: snapshot\ndata: []\n\n');
    held.add(outgoing);
    outgoing.on('close', () => held.delete(outgoing));
    return;
  }
  if (incoming.url === '/') {
    outgoing.writeHead(200, { 'Content-Type': 'text/html' });
    outgoing.end('<!doctype html><title>Giftcast</title>');
    return;
  }
  outgoing.writeHead(200, { 'Content-Type': 'application/json' });
  outgoing.end(incoming.url === '/api/health' ? '{"status":"ok"}' : '[]');
});

let nginx;
let port;
let webRoot;
/** Streams open through nginx, each `{ from, response }`. */
const open = [];

before(async () => {
  await new Promise((listening) => backend.listen(0, '127.0.0.1', listening));
  port = await freePort();
  webRoot = mkdtempSync(join(tmpdir(), 'giftcast-web-'));
  writeFileSync(join(webRoot, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  nginx = await startedNginx(
    { BACKEND_UPSTREAM: `127.0.0.1:${backend.address().port}`, LISTEN_PORT: `127.0.0.1:${port}`, WEB_ROOT: webRoot },
    port,
  );
});

after(async () => {
  for (const { response } of open) response.destroy();
  await nginx?.stop();
  backend.closeAllConnections();
  await new Promise((closed) => backend.close(closed));
  rmSync(webRoot, { recursive: true, force: true });
});

const send = (from, method, path, options) => sendFrom(port, from, method, path, options);

function assertStreamsFull(answer, language = 'ko') {
  assert.equal(answer.status, 503);
  assert.match(answer.headers['content-type'], /^application\/json/);
  assert.deepEqual(JSON.parse(answer.text), STREAMS_FULL[language]);
  assert.equal(answer.headers['retry-after'], '30');
  assert.equal(answer.headers['x-content-type-options'], 'nosniff');
}

/** Opens a stream from `from`; a served one is kept in `open`. */
async function stream(from, headers = {}) {
  // Generous: under a crowd a loaded machine answers late, and only no answer at all is a failure.
  const answer = await send(from, 'GET', STREAM, { headers, keepOpen: true, timeoutMs: 20_000 });
  if (answer.status === 200) open.push({ from, response: answer.response });
  return answer;
}

function closeStreams(count, from) {
  for (let closed = 0; closed < count; closed++) {
    const index = from === undefined ? 0 : open.findIndex((held) => held.from === from);
    open.splice(index, 1)[0].response.destroy();
  }
}

/** Until nginx has seen closed streams go: a slot is free once it has. */
async function streamOnceFreed(from) {
  for (;;) {
    const answer = await stream(from);
    if (answer.status === 200) return answer;
    await new Promise((wait) => setTimeout(wait, 50));
  }
}

/** The answers and times of `rounds` requests of each route, one after another, from `from`. */
async function otherRoutes(from, rounds = 10) {
  const routes = { '/': [], '/favicon.svg': [], '/api/health': [], '/api/qr/available': [] };
  for (let round = 0; round < rounds; round++) {
    for (const [path, answers] of Object.entries(routes)) {
      const started = performance.now();
      const { status } = await send(from, 'GET', path, { timeoutMs: 20_000 });
      answers.push({ status, ms: performance.now() - started });
    }
  }
  return routes;
}

/** `path: 10 × 200, 2.1 ms median, 7.9 ms at most`, for the test's notes. */
function figures(routes) {
  return Object.entries(routes).map(([path, answers]) => {
    const counts = Object.entries(Object.groupBy(answers, ({ status }) => status)).map(
      ([status, list]) => `${list.length} × ${status}`,
    );
    const times = answers.map(({ ms }) => ms).sort((a, b) => a - b);
    const median = times[Math.floor(times.length / 2)];
    return `${path}: ${counts.join(', ')}; ${median.toFixed(1)} ms median, ${times.at(-1).toFixed(1)} ms at most`;
  });
}

/** `count` streams from each of `addresses`, a hundred at a time: `{ admitted, refused }`. */
async function crowd(addresses, count) {
  const requests = addresses.flatMap((from) => Array.from({ length: count }, () => from));
  const answers = [];
  for (let start = 0; start < requests.length; start += 100)
    answers.push(...(await Promise.all(requests.slice(start, start + 100).map((from) => stream(from)))));
  const refused = answers.filter(({ status }) => status !== 200);
  for (const answer of refused) assertStreamsFull(answer);
  return { admitted: answers.length - refused.length, refused: refused.length };
}

const addresses = (third, count) => Array.from({ length: count }, (_, index) => `127.0.${third}.${index + 1}`);

test('the workers hold every stream the caps let in, twice over, with room for everything else', () => {
  const { perAddress, total } = streamCaps();
  assert.ok(perAddress > 0 && total > 0, 'the stream location caps streams per address and in all');
  assert.ok(perAddress < total);
  const connections = mainSetting('worker_connections');
  // Each stream is the visitor's connection and the backend's; one worker may get them all.
  assert.ok(connections >= 2 * (2 * total), `worker_connections ${connections} for ${total} streams`);
  assert.ok(mainSetting('worker_rlimit_nofile') >= 2 * connections, 'worker_rlimit_nofile');
});

test('a live /try stream from one address past its cap is a JSON 503 with Retry-After in the visitor language, until one closes', async () => {
  const { perAddress } = streamCaps();
  const visitor = '127.0.9.1';
  for (let served = 0; served < perAddress; served++) assert.equal((await stream(visitor)).status, 200);

  assertStreamsFull(await stream(visitor, { 'Accept-Language': 'en-US,en;q=0.9' }), 'en');
  assertStreamsFull(await stream(visitor, { 'Accept-Language': 'ko-KR,ko;q=0.9' }), 'ko');
  assert.equal((await stream('127.0.9.2')).status, 200);

  closeStreams(1, visitor);
  assert.equal((await streamOnceFreed(visitor)).status, 200);
  closeStreams(open.length);
});

test('streams from 30 addresses, then from more past the cap in all: past it a JSON 503, and every other route answers meanwhile', async (t) => {
  const { perAddress, total } = streamCaps();
  const before = await otherRoutes('127.0.8.1', 3);
  t.diagnostic(`before any stream: ${figures(before).join(' | ')}`);

  // What took the site down: 600 streams from 30 addresses, 20 each, within the per-address cap.
  const first = await crowd(addresses(1, 30), perAddress);
  assert.deepEqual(first, { admitted: 30 * perAddress, refused: 0 });
  const during = await otherRoutes('127.0.8.1');
  t.diagnostic(`${first.admitted} streams held: ${figures(during).join(' | ')}`);
  for (const answers of Object.values(during)) assert.ok(answers.every(({ status }) => status === 200));

  // Then as many more addresses as it takes to pass the cap in all, and one more.
  const more = Math.ceil((total - first.admitted) / perAddress) + 1;
  const second = await crowd(addresses(2, more), perAddress);
  assert.equal(first.admitted + second.admitted, total);
  assert.equal(second.refused, more * perAddress - second.admitted);
  assertStreamsFull(await stream('127.0.8.2', { 'Accept-Language': 'en' }), 'en');
  const full = await otherRoutes('127.0.8.1');
  t.diagnostic(
    `${30 + more} addresses asked for ${(30 + more) * perAddress} streams: ${first.admitted + second.admitted} ` +
      `admitted, ${second.refused} refused; ${open.length} held: ${figures(full).join(' | ')}`,
  );
  for (const answers of Object.values(full)) assert.ok(answers.every(({ status }) => status === 200));
  // Every admitted stream reached the backend and is held there (closed ones may take a moment to go).
  while (held.size !== total) await new Promise((wait) => setTimeout(wait, 50));

  // A stream that closes makes room for another visitor's.
  closeStreams(1);
  assert.equal((await streamOnceFreed('127.0.8.3')).status, 200);
});
