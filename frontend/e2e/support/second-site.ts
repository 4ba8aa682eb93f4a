import { type ChildProcess, spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { E2E } from './stack';

const REPO = resolve(E2E.publicFiles, '../../..');

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => done(port));
    });
  });
}

/** What a child process has written to its standard error, for the failure that follows it. */
function errorsOf(child: ChildProcess): () => string {
  let written = '';
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (written = (written + chunk).slice(-4000)));
  return () => written;
}

/** Asks `url` until it answers 200, or fails after `timeoutMs`. */
async function answering(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  const errors = errorsOf(child);
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${url}: its process exited (${child.exitCode}):\n${errors()}`);
    const status = await fetch(url).then(
      (response) => response.status,
      () => 0,
    );
    if (status === 200) return;
    if (Date.now() > deadline) throw new Error(`${url} did not answer within ${timeoutMs} ms`);
    await new Promise((done) => setTimeout(done, 200));
  }
}

function stopped(child: ChildProcess): Promise<void> {
  return new Promise((done) => {
    if (child.exitCode !== null || child.signalCode !== null) return done();
    const kill = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(kill);
      done();
    });
    child.kill('SIGTERM');
  });
}

export interface SecondSite {
  url: string;
  stop(): Promise<void>;
}

/**
 * The product started a second time beside the run's own, as `make run` starts it (its own
 * embedded database, object store and demo content) behind the deploy nginx, with settings of its
 * own: for what the run's site must not have, such as a Kakao app key.
 */
export async function startSecondSite(settings: Record<string, string>): Promise<SecondSite> {
  const [backendPort, port] = [await freePort(), await freePort()];
  const url = `http://localhost:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'giftcast-second-site-'));
  // Its PostgreSQL runs as nobody where the tests run as root: the folder must let it through.
  chmodSync(dataDir, 0o755);
  const backend = spawn(process.execPath, [join(REPO, 'backend/dist/local/run-local.js')], {
    env: {
      ...process.env,
      PORT: String(backendPort),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      ADMIN_PASSWORD: E2E.adminPassword,
      ...settings,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const nginx = spawn(process.execPath, [join(REPO, 'deploy/nginx/local-nginx.mjs')], {
    env: {
      ...process.env,
      TLS: 'off',
      BACKEND_UPSTREAM: `127.0.0.1:${backendPort}`,
      LISTEN_PORT: `127.0.0.1:${port}`,
      WEB_ROOT: E2E.publicFiles,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const stop = async () => {
    await stopped(nginx);
    await stopped(backend);
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await answering(`http://127.0.0.1:${backendPort}/api/health`, backend, 90_000);
    await answering(`${url}/api/health`, nginx, 30_000);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, stop };
}
