// What a rolling update relies on in the deploy nginx, with stand-in replicas: a replica that is
// gone (its port closed) or draining (503) is skipped for the next where that is safe, never for a
// POST it has already been sent; readiness through nginx is the bare status, its details stay
// private; a reload lets the old workers finish within worker_shutdown_timeout.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { freePort, startedNginx } from './nginx/test-support.mjs';

/** A stand-in replica: answers every request with `answer(request)` ({ status, body }), counting them. */
async function replica(answer) {
  const seen = [];
  const server = createServer((request, response) => {
    seen.push(`${request.method} ${request.url}`);
    request.resume();
    request.on('end', () => {
      const { status, body } = answer(request);
      response.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
    });
  });
  await new Promise((listening) => server.listen(0, '127.0.0.1', listening));
  return { port: server.address().port, seen, close: () => new Promise((done) => server.close(done)) };
}

const DETAILS = { status: 'not-ready', draining: true };

let draining;
let ready;
let nginx;
let site;
let closedPort;

before(async () => {
  // Every request to the draining one is a 503 with readiness's details.
  draining = await replica(() => ({ status: 503, body: DETAILS }));
  ready = await replica((request) =>
    request.url === '/api/health/ready'
      ? { status: 200, body: { status: 'ready' } }
      : { status: 200, body: { served: 'ready' } },
  );
  closedPort = await freePort();
  const port = await freePort();
  site = `http://127.0.0.1:${port}`;
  nginx = await startedNginx(
    {
      BACKEND_UPSTREAM: [`127.0.0.1:${closedPort}`, `127.0.0.1:${draining.port}`, `127.0.0.1:${ready.port}`].join(' '),
      LISTEN_PORT: `127.0.0.1:${port}`,
      WEB_ROOT: import.meta.dirname,
    },
    port,
  );
});

after(async () => {
  await nginx?.stop();
  await draining?.close();
  await ready?.close();
});

test('a POST goes on past a replica that refused the connection, never past one it was sent to', async () => {
  const statuses = [];
  for (let i = 0; i < 9; i++) {
    const response = await fetch(`${site}/api/contact`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{}',
    });
    statuses.push(response.status);
  }
  const sentToDraining = draining.seen.filter((line) => line === 'POST /api/contact').length;
  const sentToReady = ready.seen.filter((line) => line === 'POST /api/contact').length;
  // Each POST was sent to exactly one replica: the draining one's 503s were not tried again elsewhere.
  assert.equal(sentToDraining + sentToReady, 9);
  assert.ok(sentToDraining > 0, 'round robin reached the draining replica');
  assert.equal(statuses.filter((status) => status === 503).length, sentToDraining);
  assert.equal(statuses.filter((status) => status === 200).length, sentToReady);
});

test('a read reaches a live replica past one that is gone and one that is draining, every time', async () => {
  for (let i = 0; i < 9; i++) {
    const response = await fetch(`${site}/api/posts/slug/hello`);
    assert.equal(response.status, 200);
    assert.deepEqual(await response.json(), { served: 'ready' });
  }
});

test("readiness and liveness through nginx are the bare status: a replica's details never pass", async () => {
  const page = await fetch(`${site}/api/health/ready`);
  assert.equal(page.status, 200);
  assert.deepEqual(await page.json(), { status: 'ready' });

  // The only live replica stops: nginx's own bare 503, not the draining replica's details.
  await ready.close();
  for (const path of ['/api/health/ready', '/api/health/live']) {
    const response = await fetch(`${site}${path}`, { headers: { 'Accept-Language': 'en' } });
    assert.equal(response.status, 503, path);
    const body = await response.json();
    assert.deepEqual(body, { statusCode: 503, error: 'The service is temporarily unavailable' }, path);
  }
});

test('nginx lets old workers finish within worker_shutdown_timeout, and never retries a POST it sent', () => {
  const main = readFileSync(join(import.meta.dirname, 'nginx/nginx.conf'), 'utf8');
  assert.match(main, /^worker_shutdown_timeout \d+[sm];$/m);
  const site = readFileSync(join(import.meta.dirname, 'nginx/templates/giftcast/site.conf.template'), 'utf8');
  const retries = site.match(/^\s*proxy_next_upstream .*;$/gm);
  // Never `non_idempotent`.
  assert.deepEqual(retries, ['proxy_next_upstream error timeout http_502 http_503;']);
});
