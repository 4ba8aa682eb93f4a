// What the deploy tests and the browser suite's HTTPS run share: free ports, the local nginx
// started and answering, and a certificate made with openssl for names of our choosing.
import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { request } from 'node:http';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { startLocalNginx } from './local-nginx.mjs';

/** A port nothing listens on: taken from the system, then released. */
export async function freePort() {
  const server = createServer();
  await new Promise((listening) => server.listen(0, '127.0.0.1', listening));
  const { port } = server.address();
  await new Promise((closed) => server.close(closed));
  return port;
}

/** Resolves once something accepts connections on 127.0.0.1:`port`. */
export async function listening(port, timeoutMs = 5000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const open = await new Promise((done) => {
      const socket = createServer().listen(port, '127.0.0.1');
      socket.once('listening', () => socket.close(() => done(false)));
      socket.once('error', () => done(true));
    });
    if (open) return;
    if (Date.now() > deadline) throw new Error(`nothing listens on port ${port}`);
    await new Promise((wait) => setTimeout(wait, 50));
  }
}

/** The local nginx (see local-nginx.mjs), once it listens on `port`. */
export async function startedNginx(variables, port, options) {
  const nginx = startLocalNginx(variables, options);
  await Promise.race([
    listening(port),
    nginx.exited.then((status) => Promise.reject(new Error(`nginx stopped (${status})`))),
  ]);
  return nginx;
}

/**
 * One request to the local nginx on `port` from the loopback address `from` (Linux routes all of
 * 127/8 to loopback, so each address is a visitor of its own to nginx); resolves with status,
 * headers and body once the answer has ended, or as soon as it starts with `keepOpen` (a stream),
 * leaving it open in `response`. An answer that does not end within `timeoutMs` (a stream nginx
 * should have refused, a server that stopped answering) fails instead of hanging.
 */
export function sendFrom(port, from, method, path, { headers = {}, body, keepOpen = false, timeoutMs = 5000 } = {}) {
  return new Promise((resolve, reject) => {
    const call = request(
      { host: '127.0.0.1', port, method, path, headers, localAddress: from, agent: false },
      (response) => {
        const answer = {
          status: response.statusCode,
          headers: response.headers,
          rawHeaders: response.rawHeaders,
          text: '',
          response,
        };
        if (keepOpen && response.statusCode === 200) {
          call.setTimeout(0);
          return resolve(answer);
        }
        response.setEncoding('utf8');
        response.on('data', (chunk) => (answer.text += chunk));
        response.on('end', () => resolve(answer));
      },
    );
    call.on('error', reject);
    call.setTimeout(timeoutMs, () =>
      call.destroy(new Error(`${method} ${path}: no complete answer within ${timeoutMs / 1000} s`)),
    );
    call.end(body);
  });
}

/**
 * A self-signed certificate for `names` (host names or IPv4 addresses), written into `dir` as
 * fullchain.pem and privkey.pem, as certbot names them; returns the two paths.
 */
export function makeCertificate(dir, names = ['localhost']) {
  mkdirSync(dir, { recursive: true });
  const certificate = join(dir, 'fullchain.pem');
  const key = join(dir, 'privkey.pem');
  const alternatives = names.map((name) => (/^[\d.]+$/.test(name) ? `IP:${name}` : `DNS:${name}`)).join(',');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-days',
      '2',
      '-subj',
      `/CN=${names[0]}`,
      '-addext',
      `subjectAltName=${alternatives}`,
      '-keyout',
      key,
      '-out',
      certificate,
    ],
    { stdio: 'pipe' },
  );
  return { certificate, key };
}
