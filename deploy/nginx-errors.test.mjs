// nginx's own answers under /api/ keep the API's contract: when the backend cannot answer, or a
// body is over nginx's limit, the client gets the JSON error shape in its language, not an HTML page.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { freePort, startedNginx } from './nginx/test-support.mjs';

let nginx;
let port;
let home;
let webRoot;

before(async () => {
  port = await freePort();
  // The web app inside a folder only its owner may enter, as a clone in root's home is.
  home = mkdtempSync(join(tmpdir(), 'giftcast-home-'));
  webRoot = join(home, 'giftcast/frontend/dist/client');
  mkdirSync(join(webRoot, 'assets'), { recursive: true });
  writeFileSync(join(webRoot, 'assets/index-0123abcd.js'), 'console.log("giftcast")\n');
  // The backend's port is closed: every proxied request fails as during a deploy or a crash.
  nginx = await startedNginx(
    { BACKEND_UPSTREAM: `127.0.0.1:${await freePort()}`, LISTEN_PORT: `127.0.0.1:${port}`, WEB_ROOT: webRoot },
    port,
  );
});

after(async () => {
  await nginx?.stop();
  rmSync(home, { recursive: true, force: true });
});

test('the web app is served from a clone inside a folder only its owner may enter', async () => {
  assert.equal(statSync(home).mode & 0o777, 0o700);
  const response = await fetch(`http://127.0.0.1:${port}/assets/index-0123abcd.js`);
  assert.equal(response.status, 200);
  assert.equal(await response.text(), 'console.log("giftcast")\n');
});

for (const [language, error] of [
  ['ko-KR,ko;q=0.9,en;q=0.8', '서비스를 일시적으로 사용할 수 없습니다'],
  ['en-US,en;q=0.9', 'The service is temporarily unavailable'],
]) {
  for (const path of ['/api/posts?published=true', '/api/qr/available/stream']) {
    test(`${path} without a backend is a JSON 503 (${language})`, async () => {
      const response = await fetch(`http://127.0.0.1:${port}${path}`, { headers: { 'Accept-Language': language } });

      assert.equal(response.status, 503);
      assert.match(response.headers.get('content-type'), /^application\/json/);
      assert.deepEqual(await response.json(), { statusCode: 503, error });
      assert.equal(response.headers.get('x-content-type-options'), 'nosniff');
    });
  }
}

/** A POST whose body is announced and not sent: nginx refuses on the length alone. */
function announce(path, bytes) {
  return new Promise((resolve, reject) => {
    const call = request(
      `http://127.0.0.1:${port}${path}`,
      { method: 'POST', headers: { 'Content-Length': String(bytes), 'Accept-Language': 'en' } },
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
}

for (const [what, path, bytes] of [
  ['an upload over 110 MB', '/api/messages/some-token/video', 120 * 1024 * 1024],
  ['a JSON body over 1 MB anywhere else', '/api/contact', 2 * 1024 * 1024],
]) {
  test(`${what} is a JSON 413 before any of it is sent on`, async () => {
    const answer = await announce(path, bytes);
    assert.equal(answer.status, 413);
    assert.match(answer.type, /^application\/json/);
    assert.deepEqual(JSON.parse(answer.body), { statusCode: 413, error: 'The request body is too large' });
  });
}
