// What the benchmarks share: a scratch PostgreSQL schema, the built backend started as a child
// process, and the small measuring helpers.
import { execFile, execFileSync, spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';

export const DATABASE = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/**
 * BENCH_SMOKE=1 (`make test-bench`, part of `make test`): every benchmark once at its smallest size,
 * so that a change that breaks one fails the tests. Its figures mean nothing and nothing is judged.
 */
export const SMOKE = process.env.BENCH_SMOKE === '1';
/** `full` for `make bench`, `smoke` for the smoke run. */
export const sized = (full, smoke) => (SMOKE ? smoke : full);
export const dist = resolve(import.meta.dirname, '../dist');
const ADMIN_PASSWORD = 'bench-admin-password';

const MiB = 1024 * 1024;
// The S3 server may run in the benchmark's process: never block its event loop while it serves.
const execAsync = promisify(execFile);

export const sleep = (ms) => new Promise((done) => setTimeout(done, ms));

export const freePort = () =>
  new Promise((done) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => done(port));
    });
  });

/** Resident memory of a process, in MiB. */
export const rssMiB = (pid) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) / 1024;

/** Runs `fn` with a database URL whose search path is a new schema, dropped afterwards. */
export const withSchema = (prefix, fn) =>
  withScratch(
    prefix,
    'SCHEMA',
    'CASCADE',
    (url, name) => url.searchParams.set('options', `-c search_path=${name}`),
    fn,
  );

/**
 * Runs `fn` with the URL of a new database, dropped afterwards. PostgreSQL's notifications reach
 * every schema of a database: only in a database of its own does the live /try list hear nothing
 * of other runs on the same server.
 */
export const withDatabase = (prefix, fn) =>
  withScratch(prefix, 'DATABASE', 'WITH (FORCE)', (url, name) => (url.pathname = `/${name}`), fn);

async function withScratch(prefix, kind, dropOption, point, fn) {
  const name = `${prefix}_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: DATABASE });
  await admin.connect();
  await admin.query(`CREATE ${kind} ${name}`);
  const url = new URL(DATABASE);
  point(url, name);
  try {
    return await fn(url.toString());
  } finally {
    await admin.query(`DROP ${kind} ${name} ${dropOption}`);
    await admin.end();
  }
}

/** Calls `onSnapshot` with the data of each `snapshot` event of a /try stream's response. */
export function readSnapshots(response, onSnapshot) {
  response.setEncoding('utf8');
  let buffer = '';
  response.on('data', (chunk) => {
    buffer += chunk;
    let end;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const data = /^data: (.*)$/m.exec(block);
      if (block.startsWith('event: snapshot') && data) onSnapshot(data[1]);
    }
  });
}

/**
 * Starts the built backend on a free port with `env` over the bench defaults (no object store
 * unless given), waits for its health check and logs in as the admin.
 */
export async function startBackend(databaseUrl, env = {}) {
  const port = await freePort();
  const child = spawn(process.execPath, [resolve(dist, 'main.js')], {
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      METRICS_PORT: '0',
      DATABASE_URL: databaseUrl,
      ADMIN_PASSWORD,
      JWT_SECRET: 'bench-jwt-secret-0123456789-0123456789',
      S3_ENDPOINT: 'http://127.0.0.1:9',
      AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
      ...env,
    },
    stdio: 'ignore',
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error('backend exited');
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (i > 300) throw new Error('backend did not start');
    await sleep(100);
  }
  const login = await fetch(`${url}/api/admin/verify`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ password: ADMIN_PASSWORD }),
  });
  const { token } = await login.json();
  return {
    url,
    child,
    token,
    stop: () =>
      new Promise((done) => {
        if (child.exitCode !== null) return done();
        child.once('exit', done);
        child.kill('SIGTERM');
      }),
  };
}

/** `count` new printed codes, made through the admin API. */
export async function newCodes(backend, count) {
  const response = await fetch(`${backend.url}/api/admin/qr`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${backend.token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ count }),
  });
  return (await response.json()).items;
}

/**
 * A real file of `mib` MiB in `directory`: a clip padded with bytes ffmpeg skips. It declares 3
 * minutes, as a phone's 100 MiB video would: over a shorter one those bytes would be more than a
 * phone records in a second, and the upload's probe would refuse it.
 */
export function bigUpload(directory, mib) {
  const clip = join(directory, 'head.webm');
  const source = ['-f', 'lavfi', '-i', 'testsrc=duration=180:size=320x240:rate=1'];
  execFileSync('ffmpeg', ['-loglevel', 'error', '-y', ...source, '-c:v', 'libvpx', clip]);
  const head = readFileSync(clip);
  const file = join(directory, 'upload.webm');
  writeFileSync(file, Buffer.concat([head, Buffer.alloc(mib * MiB - head.length, 0)]));
  return file;
}

/** Seconds to send `file` as today's one multipart POST, streamed from disk by curl as a phone's browser sends it. */
export async function multipartPost(backend, token, file) {
  const started = performance.now();
  const { stdout } = await execAsync('curl', [
    '-s',
    '-o',
    '/dev/null',
    '-w',
    '%{http_code}',
    '-F',
    `video=@${file};type=video/webm`,
    `${backend.url}/api/messages/${token}/video`,
  ]);
  if (stdout !== '201') throw new Error(`upload answered ${stdout}`);
  return (performance.now() - started) / 1000;
}

/**
 * Seconds to send the same bytes as an S3 multipart upload straight to the S3 server (bucket
 * `bench`), from a process of its own as the backend is, `queueSize` parts of `partSize` at a time.
 */
export async function directMultipart(storage, file, { partSize, queueSize }) {
  const script = `
    const { S3Client } = require('@aws-sdk/client-s3');
    const { Upload } = require('@aws-sdk/lib-storage');
    const { createReadStream } = require('node:fs');
    const client = new S3Client({
      region: 'us-east-1', endpoint: process.env.S3_ENDPOINT, forcePathStyle: true,
      credentials: { accessKeyId: process.env.S3_ACCESS_KEY_ID, secretAccessKey: process.env.S3_SECRET_ACCESS_KEY },
      requestChecksumCalculation: 'WHEN_REQUIRED',
    });
    const started = performance.now();
    new Upload({ client, params: { Bucket: 'bench', Key: 'direct/' + Date.now(), Body: createReadStream(process.env.FILE) },
      partSize: ${partSize}, queueSize: ${queueSize} })
      .done().then(() => { console.log((performance.now() - started) / 1000); client.destroy(); });
  `;
  const { stdout } = await execAsync(process.execPath, ['-e', script], {
    cwd: resolve(import.meta.dirname, '..'),
    env: {
      ...process.env,
      S3_ENDPOINT: storage.endpoint,
      S3_ACCESS_KEY_ID: storage.accessKeyId,
      S3_SECRET_ACCESS_KEY: storage.secretAccessKey,
      FILE: file,
      AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
    },
  });
  return Number(stdout.trim());
}
