// nginx terminates TLS: plain HTTP only answers the ACME challenge and redirects to the https
// origin, HTTP/2 is offered over TLS, HSTS is sent only over TLS, nginx takes up a certificate certbot writes later (the first:
// it restarts; a renewal: it reloads), and a trusted proxy's X-Forwarded-Proto is kept while a
// visitor's is not.
// Each case runs the deploy templates with Debian's nginx and a certificate made with openssl.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, request as httpRequest } from 'node:http';
import { connect as http2Connect } from 'node:http2';
import { request as httpsRequest } from 'node:https';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { settle, startLocalNginx } from './nginx/local-nginx.mjs';
import { freePort, makeCertificate, startedNginx } from './nginx/test-support.mjs';

/** Requests that reached the stand-in backend. */
const received = [];
const backend = createServer((incoming, outgoing) => {
  received.push({ url: incoming.url, headers: incoming.headers });
  incoming.resume();
  outgoing.writeHead(200, { 'Content-Type': 'application/json' });
  outgoing.end('{"fromBackend":true}');
});

let scratch;
let backendUpstream;

before(async () => {
  scratch = mkdtempSync(join(tmpdir(), 'giftcast-tls-'));
  await new Promise((listening) => backend.listen(0, '127.0.0.1', listening));
  backendUpstream = `127.0.0.1:${backend.address().port}`;
});

after(async () => {
  await new Promise((closed) => backend.close(closed));
  rmSync(scratch, { recursive: true, force: true });
});

/** One request; resolves with status, headers, body and the certificate the server showed. */
function send(url, { method = 'GET', headers = {}, from, ca } = {}) {
  const target = new URL(url);
  const request = target.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const call = request(
      target,
      { method, headers, localAddress: from, agent: false, ca, servername: 'localhost' },
      (response) => {
        let body = '';
        const peer = response.socket.getPeerCertificate?.();
        response.setEncoding('utf8');
        response.on('data', (chunk) => (body += chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode, headers: response.headers, body, serial: peer?.serialNumber }),
        );
      },
    );
    call.on('error', reject);
    call.setTimeout(5000, () => call.destroy(new Error(`${method} ${url}: no answer within 5 s`)));
    call.end();
  });
}

/** nginx with the deploy templates and `settings`, on new ports unless `again` (a site to start anew). */
async function nginxWith(settings, again) {
  const http = again ? new URL(again.http).port : await freePort();
  const https = again?.httpsPort ?? (await freePort());
  const webRoot = mkdtempSync(join(scratch, 'web-'));
  const acmeRoot = again?.acmeRoot ?? mkdtempSync(join(scratch, 'acme-'));
  const nginx = await startedNginx(
    {
      BACKEND_UPSTREAM: backendUpstream,
      LISTEN_PORT: `127.0.0.1:${http}`,
      TLS_LISTEN_PORT: `127.0.0.1:${https}`,
      WEB_ROOT: webRoot,
      ACME_ROOT: acmeRoot,
      PUBLIC_URL: `https://localhost:${https}`,
      ...settings,
    },
    http,
  );
  return { nginx, http: `http://127.0.0.1:${http}`, https: `https://127.0.0.1:${https}`, httpsPort: https, acmeRoot };
}

describe('TLS=files', () => {
  let site;
  let ca;

  before(async () => {
    const dir = mkdtempSync(join(scratch, 'files-'));
    const { certificate, key } = makeCertificate(dir, ['localhost', '127.0.0.1']);
    ca = readFileSync(certificate);
    site = await nginxWith({ TLS: 'files', TLS_CERTIFICATE: certificate, TLS_CERTIFICATE_KEY: key });
  });

  after(() => site?.nginx.stop());

  for (const method of ['GET', 'POST']) {
    test(`plain HTTP is redirected to the same address on the https origin (${method})`, async () => {
      received.length = 0;
      const answer = await send(`${site.http}/blog/a-post?lang=en`, { method });
      assert.ok([301, 308].includes(answer.status), `status ${answer.status}`);
      assert.equal(answer.headers.location, `https://localhost:${site.httpsPort}/blog/a-post?lang=en`);
      assert.equal(answer.headers['strict-transport-security'], undefined, 'no HSTS over plain HTTP');
      assert.equal(received.length, 0, 'nothing reached the backend over plain HTTP');
    });
  }

  test('the ACME challenge is answered over plain HTTP from the webroot certbot writes to', async () => {
    const challenge = join(site.acmeRoot, '.well-known/acme-challenge');
    mkdirSync(challenge, { recursive: true });
    writeFileSync(join(challenge, 'token-123'), 'token-123.thumbprint');
    const answer = await send(`${site.http}/.well-known/acme-challenge/token-123`);
    assert.equal(answer.status, 200);
    assert.equal(answer.body, 'token-123.thumbprint');
    assert.equal((await send(`${site.http}/.well-known/acme-challenge/no-such-token`)).status, 404);
  });

  test('over HTTPS the site answers with HSTS, and the backend hears that the visitor came over https', async () => {
    received.length = 0;
    const answer = await send(`${site.https}/api/health`, { ca, headers: { 'X-Forwarded-Proto': 'http' } });
    assert.equal(answer.status, 200);
    assert.deepEqual(JSON.parse(answer.body), { fromBackend: true });
    assert.match(answer.headers['strict-transport-security'], /^max-age=\d{8,}/);
    assert.equal(received.at(-1).headers['x-forwarded-proto'], 'https');
  });

  test('the TLS listener speaks HTTP/2 to a browser that offers it', async () => {
    const session = http2Connect(site.https, { ca, servername: 'localhost' });
    try {
      const answer = await new Promise((resolve, reject) => {
        session.once('error', reject);
        const stream = session.request({ ':path': '/api/health' });
        let body = '';
        let status;
        stream.on('response', (headers) => (status = headers[':status']));
        stream.setEncoding('utf8');
        stream.on('data', (chunk) => (body += chunk));
        stream.on('end', () => resolve({ status, body }));
        stream.on('error', reject);
      });
      assert.equal(session.alpnProtocol, 'h2');
      assert.equal(answer.status, 200);
      assert.deepEqual(JSON.parse(answer.body), { fromBackend: true });
    } finally {
      session.close();
    }
  });

  test("compose's health check is answered over plain HTTP, not redirected", async () => {
    assert.equal((await send(`${site.http}/nginx-health`)).status, 204);
  });
});

describe('TLS=letsencrypt', () => {
  let site;
  let settings;

  before(async () => {
    const live = mkdtempSync(join(scratch, 'live-'));
    settings = {
      TLS: 'letsencrypt',
      TLS_CERTIFICATE: join(live, 'fullchain.pem'),
      TLS_CERTIFICATE_KEY: join(live, 'privkey.pem'),
      GIFTCAST_CERTIFICATE_CHECK_SECONDS: '1',
    };
    // Before certbot's first run: no certificate at all.
    site = await nginxWith(settings);
  });

  after(() => site?.nginx.stop());

  test('nginx starts before the first certificate and answers the challenge; with it, restarts with HTTPS; reloads for a renewal', async () => {
    const challenge = join(site.acmeRoot, '.well-known/acme-challenge');
    mkdirSync(challenge, { recursive: true });
    writeFileSync(join(challenge, 'first'), 'first.thumbprint');
    assert.equal((await send(`${site.http}/.well-known/acme-challenge/first`)).body, 'first.thumbprint');
    assert.equal((await send(`${site.http}/blog`)).headers.location, `https://localhost:${site.httpsPort}/blog`);
    await assert.rejects(
      send(`${site.https}/api/health`, { ca: '' }),
      /ECONNREFUSED/,
      'no HTTPS without a certificate',
    );

    // certbot's first certificate: nginx stops by itself, and docker's restart policy starts it again.
    const issued = makeCertificate(dirname(settings.TLS_CERTIFICATE), ['localhost', '127.0.0.1']);
    assert.equal(await site.nginx.exited, 0);
    site = await nginxWith({ ...settings, ACME_ROOT: site.acmeRoot }, site);
    const first = await send(`${site.https}/api/health`, { ca: readFileSync(issued.certificate) });
    assert.equal(first.status, 200);
    assert.match(first.headers['strict-transport-security'], /^max-age=/);

    // Its renewal, written in place: nginx reloads, and new connections get the new one.
    const renewed = makeCertificate(dirname(settings.TLS_CERTIFICATE), ['localhost', '127.0.0.1']);
    const deadline = Date.now() + 10_000;
    let serial;
    while (!(serial && serial !== first.serial) && Date.now() < deadline) {
      await new Promise((wait) => setTimeout(wait, 200));
      serial = (await send(`${site.https}/api/health`, { ca: readFileSync(renewed.certificate) }).catch(() => ({})))
        .serial;
    }
    assert.ok(serial && serial !== first.serial, `the renewed certificate is served (${first.serial} then ${serial})`);
  });
});

describe('TLS=off behind a proxy that terminates TLS', () => {
  let site;

  before(async () => {
    site = await nginxWith({ TLS: 'off', PUBLIC_URL: '', TRUSTED_PROXIES: '127.0.0.5, 127.0.0.6/32' });
  });

  after(() => site?.nginx.stop());

  test("the trusted proxy's X-Forwarded-Proto and visitor address are kept, with HSTS on answers it carries over TLS", async () => {
    received.length = 0;
    const answer = await send(`${site.http}/api/health`, {
      from: '127.0.0.5',
      headers: { 'X-Forwarded-Proto': 'https', 'X-Forwarded-For': '198.51.100.7' },
    });
    assert.equal(answer.status, 200);
    assert.equal(received[0].headers['x-forwarded-proto'], 'https');
    assert.equal(received[0].headers['x-forwarded-for'], '198.51.100.7');
    assert.match(answer.headers['strict-transport-security'], /^max-age=/);
  });

  test("a visitor's own X-Forwarded-Proto and X-Forwarded-For are ignored, and plain HTTP carries no HSTS", async () => {
    received.length = 0;
    const answer = await send(`${site.http}/api/health`, {
      from: '127.0.0.7',
      headers: { 'X-Forwarded-Proto': 'https', 'X-Forwarded-For': '198.51.100.7' },
    });
    assert.equal(answer.status, 200);
    assert.equal(received[0].headers['x-forwarded-proto'], 'http');
    assert.equal(received[0].headers['x-forwarded-for'], '127.0.0.7');
    assert.equal(answer.headers['strict-transport-security'], undefined);
  });
});

test('RESOLVER is Docker’s DNS server unless told, and with `local` the name servers of resolv.conf, as a Kubernetes pod has them', () => {
  const base = { BACKEND_UPSTREAM: 'backend.giftcast.svc.cluster.local:3000', WEB_ROOT: scratch };
  assert.equal(settle(base).RESOLVER, '127.0.0.11');
  assert.equal(settle({ ...base, RESOLVER: '10.96.0.10' }).RESOLVER, '10.96.0.10');
  const resolvConf = join(scratch, 'resolv.conf');
  writeFileSync(
    resolvConf,
    "# a pod's\nsearch giftcast.svc.cluster.local svc.cluster.local cluster.local\nnameserver 10.96.0.10\nnameserver fd00:10:96::a\noptions ndots:5\n",
  );
  const local = settle({ ...base, RESOLVER: 'local', RESOLV_CONF: resolvConf });
  assert.equal(local.RESOLVER, '10.96.0.10 [fd00:10:96::a]');
  // A name is followed as it changes, through that resolver.
  assert.equal(local.GIFTCAST_BACKEND_SERVER, 'backend.giftcast.svc.cluster.local:3000 resolve');
});

test('settings nginx cannot serve stop it at start, naming what is wrong', () => {
  const base = { BACKEND_UPSTREAM: '127.0.0.1:3000', LISTEN_PORT: '127.0.0.1:1', WEB_ROOT: scratch };
  assert.throws(() => settle({ ...base, TLS: 'on' }), /TLS must be letsencrypt, files or off/);
  assert.throws(
    () =>
      settle({
        ...base,
        TLS: 'files',
        PUBLIC_URL: 'https://giftcast.example',
        TLS_CERTIFICATE: join(scratch, 'none.pem'),
      }),
    /TLS=files needs .*none\.pem/,
  );
  assert.throws(
    () => settle({ ...base, TLS: 'letsencrypt', PUBLIC_URL: 'http://giftcast.example' }),
    /needs PUBLIC_URL/,
  );
  assert.throws(() => settle({ ...base, TRUSTED_PROXIES: '10.0.0.1; include /etc/passwd' }), /not an address or CIDR/);
  assert.throws(() => startLocalNginx({ ...base, BACKEND_UPSTREAM: '' }), /BACKEND_UPSTREAM/);
  assert.throws(
    () => settle({ ...base, RESOLVER: 'local', RESOLV_CONF: join(scratch, 'none.conf') }),
    /RESOLVER=local: no nameserver in .*none\.conf/,
  );
  const letsencrypt = settle({ ...base, TLS: 'letsencrypt', PUBLIC_URL: 'https://giftcast.example/' });
  assert.equal(letsencrypt.TLS_CERTIFICATE, '/etc/letsencrypt/live/giftcast.example/fullchain.pem');
  assert.equal(letsencrypt.GIFTCAST_PUBLIC_ORIGIN, 'https://giftcast.example');
});
