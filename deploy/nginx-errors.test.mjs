// nginx's own answers under /api/ keep the API's contract: when the backend cannot answer, or a
// body is over nginx's limit, the client gets the JSON error shape in its language, not an HTML page.
import assert from 'node:assert/strict';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { startLocalNginx } from './nginx/local-nginx.mjs';

/** A port nothing listens on: taken from the system, then released. */
async function freePort() {
  const server = createServer();
  await new Promise((listening) => server.listen(0, '127.0.0.1', listening));
  const { port } = server.address();
  await new Promise((closed) => server.close(closed));
  return port;
}

let nginx;
let port;
let webRoot;

before(async () => {
  port = await freePort();
  webRoot = mkdtempSync(join(tmpdir(), 'giftcast-web-'));
  // nginx's workers run as another user when it is started as root.
  chmodSync(webRoot, 0o755);
  // The backend's port is closed: every proxied request fails as during a deploy or a crash.
  nginx = startLocalNginx({
    BACKEND_UPSTREAM: `127.0.0.1:${await freePort()}`,
    LISTEN_PORT: `127.0.0.1:${port}`,
    WEB_ROOT: webRoot,
  });
  for (let attempt = 0; attempt < 50; attempt += 1) {
    try {
      await fetch(`http://127.0.0.1:${port}/favicon.svg`);
      return;
    } catch {
      await new Promise((wait) => setTimeout(wait, 100));
    }
  }
  throw new Error('nginx did not start');
});

after(async () => {
  await nginx?.stop();
  rmSync(webRoot, { recursive: true, force: true });
});

for (const [language, error] of [
  ['ko-KR,ko;q=0.9,en;q=0.8', '서비스를 일시적으로 사용할 수 없습니다'],
  ['en-US,en;q=0.9', 'The service is temporarily unavailable'],
]) {
  test(`an API call without a backend is a JSON 503 (${language})`, async () => {
    const response = await fetch(`http://127.0.0.1:${port}/api/posts?published=true`, {
      headers: { 'Accept-Language': language },
    });

    assert.equal(response.status, 503);
    assert.match(response.headers.get('content-type'), /^application\/json/);
    assert.deepEqual(await response.json(), { statusCode: 503, error });
    assert.equal(response.headers.get('x-content-type-options'), 'nosniff');
  });
}

test('a body over the limit is a JSON 413 before any of it is sent on', async () => {
  const answer = await new Promise((resolve, reject) => {
    // Announced, not sent: nginx refuses on the length alone.
    const call = request(
      `http://127.0.0.1:${port}/api/v/some-token/video`,
      { method: 'POST', headers: { 'Content-Length': String(200 * 1024 * 1024), 'Accept-Language': 'en' } },
      (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk) => (body += chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode, type: response.headers['content-type'], body }),
        );
      },
    );
    call.on('error', reject);
    call.flushHeaders();
  });

  assert.equal(answer.status, 413);
  assert.match(answer.type, /^application\/json/);
  assert.deepEqual(JSON.parse(answer.body), { statusCode: 413, error: 'The request body is too large' });
});
