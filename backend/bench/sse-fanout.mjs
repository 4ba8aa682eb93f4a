// `make bench` — SSE fan-out: N clients on one backend; time from an admin status change to the
// last client's new snapshot (median, p95), and the backend's resident memory. The same
// measurement with 1 client in the same run is the baseline.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { Agent, get } from 'node:http';
import { createServer } from 'node:net';
import { resolve } from 'node:path';
import pg from 'pg';

const CLIENTS = Number(process.env.BENCH_SSE_CLIENTS ?? 2000);
const CHANGES = Number(process.env.BENCH_SSE_CHANGES ?? 20);
const DATABASE = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const backendMain = resolve(import.meta.dirname, '../dist/main.js');

const freePort = () =>
  new Promise((done) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => done(port));
    });
  });
const sleep = (ms) => new Promise((done) => setTimeout(done, ms));
const rssMiB = (pid) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) / 1024;
const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};

async function startBackend(schemaUrl) {
  const port = await freePort();
  const child = spawn(process.execPath, [backendMain], {
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      DATABASE_URL: schemaUrl,
      ADMIN_PASSWORD: 'bench-admin-password',
      JWT_SECRET: 'bench-jwt-secret-0123456789-0123456789',
      S3_ENDPOINT: 'http://127.0.0.1:9',
      AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
    },
    stdio: 'ignore',
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 200; i++) {
    try {
      if ((await fetch(`${url}/api/health`)).ok) return { child, url };
    } catch {}
    await sleep(100);
  }
  throw new Error('backend did not start');
}

/** Opens `count` stream clients; resolves once each has its first snapshot. */
async function connectClients(url, count) {
  const agent = new Agent({ keepAlive: false, maxSockets: Infinity });
  const clients = [];
  const opened = [];
  for (let i = 0; i < count; i++) {
    const client = { snapshots: 0, lastAt: 0, waiters: [] };
    opened.push(
      new Promise((ready, fail) => {
        const request = get(`${url}/api/qr/available/stream`, { agent }, (response) => {
          client.response = response;
          response.setEncoding('utf8');
          let buffer = '';
          response.on('data', (chunk) => {
            buffer += chunk;
            let end;
            while ((end = buffer.indexOf('\n\n')) >= 0) {
              const block = buffer.slice(0, end);
              buffer = buffer.slice(end + 2);
              if (block.startsWith('event: snapshot')) {
                client.snapshots += 1;
                client.lastAt = performance.now();
                if (client.snapshots === 1) ready();
              }
            }
          });
        });
        request.on('error', fail);
      }),
    );
    clients.push(client);
    if (i % 200 === 199) await sleep(20); // do not flood the accept queue
  }
  await Promise.all(opened);
  return { clients, close: () => clients.forEach((c) => c.response.destroy()) };
}

async function measure(url, token, codes, count, pid) {
  const { clients, close } = await connectClients(url, count);
  const latencies = [];
  for (let i = 0; i < CHANGES; i++) {
    const code = codes[i % codes.length];
    const expected = clients.map((c) => c.snapshots + 1);
    const status = i % 2 === 0 ? 'disabled' : 'unused';
    const started = performance.now();
    const response = await fetch(`${url}/api/admin/qr/${code.id}`, {
      method: 'PATCH',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ status }),
    });
    if (!response.ok) throw new Error(`PATCH ${status}: ${response.status}`);
    while (clients.some((c, j) => c.snapshots < expected[j])) await sleep(1);
    latencies.push(Math.max(...clients.map((c) => c.lastAt)) - started);
    if (i % 2 === 0) codes.push(codes.shift()); // next change re-enables the same code
  }
  const rss = rssMiB(pid);
  close();
  return { median: percentile(latencies, 50), p95: percentile(latencies, 95), rss };
}

async function main() {
  const schema = `bench_${process.pid}`;
  const admin = new pg.Client({ connectionString: DATABASE });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  const schemaUrl = new URL(DATABASE);
  schemaUrl.searchParams.set('options', `-c search_path=${schema}`);
  const { child, url } = await startBackend(schemaUrl.toString());
  try {
    const login = await fetch(`${url}/api/admin/verify`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ password: 'bench-admin-password' }),
    });
    const { token } = await login.json();
    const generated = await fetch(`${url}/api/admin/qr`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ count: 600 }),
    });
    const codes = (await generated.json()).items.filter((c) => Number(c.serialNumber) >= 500).slice(0, 4);

    const rssIdle = rssMiB(child.pid);
    const baseline = await measure(url, token, [...codes], 1, child.pid);
    const fanout = await measure(url, token, [...codes], CLIENTS, child.pid);
    const fmt = (ms) => `${ms.toFixed(1)} ms`;
    console.log(`SSE fan-out (${CHANGES} admin changes each, 100 codes per snapshot)`);
    console.log(`  1 client (baseline):  median ${fmt(baseline.median)}, p95 ${fmt(baseline.p95)}`);
    console.log(`  ${CLIENTS} clients:         median ${fmt(fanout.median)}, p95 ${fmt(fanout.p95)}`);
    console.log(
      `  ratio ${CLIENTS}/1:         median x${(fanout.median / baseline.median).toFixed(1)}, p95 x${(fanout.p95 / baseline.p95).toFixed(1)}`,
    );
    console.log(
      `  backend RSS: ${rssIdle.toFixed(0)} MiB idle, ${fanout.rss.toFixed(0)} MiB with ${CLIENTS} clients connected`,
    );
  } finally {
    child.kill('SIGTERM');
    await admin.query(`DROP SCHEMA ${schema} CASCADE`);
    await admin.end();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
