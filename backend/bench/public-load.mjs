// `make bench` — the public site under load, through the deploy nginx (deploy/nginx/local-nginx.mjs:
// the shipped template, run by the machine's nginx) in front of the built backend on the test
// PostgreSQL and the embedded S3 server, seeded with the demo content; load from autocannon.
//  1. Public JSON reads at 200 connections against the same bytes served by the same nginx as a
//     static file, each pair in the same run: throughput ratio (goal >= 0.5) and p99.
//  2. A 60 s mixed load at 200 connections: page views and the reads (autocannon), visitors sending
//     inquiries and subscribing, and live /try pages on the stream; no error (any non-2xx or
//     failed connection), and every accepted inquiry and subscription stored. The baseline is the
//     same pages and reads alone.
// No limit is raised: reads have none in nginx (its limit_req zones count POSTs only); each writing
// visitor has a loopback address of its own (127.0.10.x) and stays inside the shipped budgets (nginx
// 5 a minute with bursts of 10, the backend's RATE_LIMIT_* defaults of 10 an hour); the stream
// clients are spread so no address opens more than nginx's 20. A 429 would still count as a refusal.
import { Agent, get, request } from 'node:http';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { startLocalNginx } from '../../deploy/nginx/local-nginx.mjs';
import { dist, freePort, readSnapshots, sized, sleep, startBackend, withDatabase } from './support.mjs';

const require = (await import('node:module')).createRequire(import.meta.url);
const { startEmbeddedStorage } = require(`${dist}/local/embedded-storage.js`);
const { DEMO_POSTS, DEMO_TESTIMONIALS } = require(`${dist}/local/demo-content.js`);

const CONNECTIONS = 200;
const READ_SECONDS = Number(process.env.BENCH_LOAD_READ_SECONDS ?? sized(12, 2));
const READ_ROUNDS = sized(3, 1);
const MIXED_SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? sized(60, 6));
const WRITERS = Number(process.env.BENCH_LOAD_WRITERS ?? sized(40, 4));
const STREAMS = Number(process.env.BENCH_LOAD_STREAMS ?? sized(20, 5));
// Each writing visitor's share over the run: within nginx's burst of 10 and the backend's 10 an hour.
const WRITES_PER_VISITOR = 8;
const STREAMS_PER_ADDRESS = 5;
const WEB_ROOT = resolve(import.meta.dirname, '../../frontend/dist');
/** What nginx serves itself: the build's public files. */
const PUBLIC_FILES = join(WEB_ROOT, 'client');
const READS = ['/api/posts?published=true', '/api/testimonials/featured', '/api/qr/available'];

const work = mkdtempSync(join(tmpdir(), 'giftcast-bench-load-'));
// nginx's workers run as another user when started as root: the baseline's files must be theirs to read.
chmodSync(work, 0o755);

/** The i-th loopback address of a block: 127.0.<block>.1 onwards, into the next blocks past 250. */
const loopback = (block, i) => `127.0.${block + Math.floor(i / 250)}.${1 + (i % 250)}`;

const fmtRate = (n) => `${Math.round(n).toLocaleString('en-US')} req/s`;
const fmtMs = (n) => `${n.toFixed(0)} ms`;

function cannon(options) {
  return new Promise((done, fail) => {
    autocannon({ connections: CONNECTIONS, ...options }, (error, result) => (error ? fail(error) : done(result)));
  });
}

/** Non-2xx answers, failed connections and timeouts of an autocannon run. */
const failures = (result) => result.non2xx + result.errors + result.timeouts;

/** Posts, testimonials and /try codes as `make run` seeds them, through the admin API. */
async function seed(backend) {
  const call = async (method, path, body) => {
    const response = await fetch(`${backend.url}${path}`, {
      method,
      headers: { Authorization: `Bearer ${backend.token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
    return response.json();
  };
  for (const { daysAgo: _daysAgo, ...post } of DEMO_POSTS) await call('POST', '/api/posts', post);
  for (const testimonial of DEMO_TESTIMONIALS) await call('POST', '/api/admin/testimonials', testimonial);
  const { items } = await call('POST', '/api/admin/qr', { count: 32, pool: 'try' });
  return { slug: DEMO_POSTS.find((post) => post.published).slug, codes: items, call };
}

/**
 * 1. Each read through nginx against its own bytes as a static file of the same nginx, in
 * alternating slices, so that whatever else the machine does weighs on both alike.
 */
async function compareReads(site, staticDir) {
  const rows = [];
  for (const [i, path] of READS.entries()) {
    const body = Buffer.from(await (await fetch(`${site}${path}`)).arrayBuffer());
    writeFileSync(join(staticDir, `read-${i}.json`), body);
    // A short run first, so neither side is measured cold.
    await cannon({ url: `${site}${path}`, duration: 2 });
    const baseline = [];
    const measured = [];
    for (let round = 0; round < READ_ROUNDS; round++) {
      const duration = READ_SECONDS / READ_ROUNDS;
      baseline.push(await cannon({ url: `${site}/bench-static/read-${i}.json`, duration }));
      measured.push(await cannon({ url: `${site}${path}`, duration }));
    }
    rows.push({ path, bytes: body.length, baseline: combine(baseline), measured: combine(measured) });
  }
  return rows;
}

/** Slices of one measurement as one: answers over the time taken, the median slice's p99. */
function combine(slices) {
  const sum = (pick) => slices.reduce((total, slice) => total + pick(slice), 0);
  const p99s = slices.map((slice) => slice.latency.p99).sort((a, b) => a - b);
  return {
    rate: sum((s) => s.requests.total) / sum((s) => s.duration),
    p99: p99s[Math.floor(p99s.length / 2)],
    failed: sum(failures),
  };
}

/** A writing visitor: its own address, inquiries and subscriptions spaced over the run. */
async function visitor(site, address, until, tally) {
  const agent = new Agent({ keepAlive: true, maxSockets: 1, localAddress: address });
  const spacing = (until - Date.now()) / (2 * WRITES_PER_VISITOR);
  // Visitors start spread over the first interval, not all at once.
  await sleep(Math.random() * spacing);
  for (let i = 0; i < 2 * WRITES_PER_VISITOR && Date.now() < until; i++) {
    const started = Date.now();
    const unique = `${address.replaceAll('.', '-')}-${i}`;
    const [kind, path, body] =
      i % 2 === 0
        ? ['inquiries', i % 4 === 0 ? '/api/contact' : '/api/partner', inquiry(unique)]
        : ['subscriptions', '/api/subscribe', { email: `load-${unique}@example.com` }];
    const status = await post(agent, `${site}${path}`, body).catch(() => 'error');
    const counts = tally[kind];
    counts[status] = (counts[status] ?? 0) + 1;
    await sleep(Math.max(0, spacing - (Date.now() - started)));
  }
  agent.destroy();
}

function inquiry(unique) {
  return {
    name: '부하 시험',
    email: `inquiry-${unique}@example.com`,
    phone: '010-1234-5678',
    message: `부하 시험 문의 ${unique}: 꽃집 파트너 프로그램에 대해 알고 싶습니다.`,
  };
}

function post(agent, url, body) {
  return new Promise((done, fail) => {
    const payload = JSON.stringify(body);
    const outgoing = request(
      url,
      {
        method: 'POST',
        agent,
        headers: { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(payload) },
      },
      (response) => {
        response.resume();
        response.on('end', () => done(response.statusCode));
      },
    );
    outgoing.on('error', fail);
    outgoing.end(payload);
  });
}

/** Live /try pages: each keeps its stream open and remembers its last snapshot. */
function openStreams(site, count) {
  const clients = [];
  for (let i = 0; i < count; i++) {
    const address = loopback(1, Math.floor(i / STREAMS_PER_ADDRESS));
    const client = { status: 0, snapshots: 0, last: null, closedEarly: false };
    client.request = get(`${site}/api/qr/available/stream`, { localAddress: address }, (response) => {
      client.status = response.statusCode;
      client.response = response;
      readSnapshots(response, (data) => {
        client.snapshots += 1;
        client.last = data;
      });
      response.on('close', () => (client.closedEarly ||= !client.stopping));
    });
    client.request.on('error', () => (client.closedEarly ||= !client.stopping));
    clients.push(client);
  }
  return {
    clients,
    close() {
      for (const client of clients) {
        client.stopping = true;
        client.request.destroy();
      }
    },
  };
}

/** The admin takes a /try code out and puts it back every few seconds: the streams must follow. */
async function adminChanges(seeded, until) {
  let changes = 0;
  const code = seeded.codes.at(-1);
  while (Date.now() < until - 3000) {
    await seeded.call('PATCH', `/api/admin/qr/${code.id}`, { status: changes % 2 === 0 ? 'disabled' : 'unused' });
    changes += 1;
    await sleep(5000);
  }
  return changes;
}

async function countRows(databaseUrl, table) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query(`SELECT count(*)::int AS count FROM ${table}`);
    return rows[0].count;
  } finally {
    await client.end();
  }
}

/** 2. Pages and reads from autocannon, writing visitors and live streams together. */
async function mixedLoad(site, seeded, databaseUrl) {
  const pages = ['/', '/blog', `/blog/${seeded.slug}`, ...READS];
  const readers = CONNECTIONS - WRITERS - STREAMS;
  const requests = pages.map((path) => ({ method: 'GET', path }));

  // The baseline half before and half after, so that a change in the machine's load shows.
  const alone = () => cannon({ url: site, connections: readers, duration: READ_SECONDS / 2, requests });
  // Pages are rendered once per language and kept: a short run first, so the baseline is not cold.
  await cannon({ url: site, connections: readers, duration: 2, requests });
  const before = await alone();

  const streams = openStreams(site, STREAMS);
  await sleep(1000);
  const until = Date.now() + MIXED_SECONDS * 1000;
  const tally = { inquiries: {}, subscriptions: {} };
  const [measured, , changes] = await Promise.all([
    cannon({ url: site, connections: readers, duration: MIXED_SECONDS, requests }),
    Promise.all(Array.from({ length: WRITERS }, (_, i) => visitor(site, loopback(10, i), until, tally))),
    adminChanges(seeded, until),
  ]);
  await sleep(1000);
  const current = await (await fetch(`${site}/api/qr/available`)).text();
  streams.close();
  const after = await alone();
  const streamFailures = streams.clients.filter(
    (c) => c.status !== 200 || c.closedEarly || c.snapshots < 2 || c.last !== current,
  ).length;
  return {
    readers,
    baseline: { before, after, both: combine([before, after]) },
    measured,
    tally,
    changes,
    streams: streams.clients,
    streamFailures,
    stored: {
      inquiries: await countRows(databaseUrl, 'contact_submissions'),
      subscriptions: await countRows(databaseUrl, 'blog_subscribers'),
    },
  };
}

function printReads(rows) {
  console.log(
    `Public JSON reads through the deploy nginx, ${CONNECTIONS} connections, ${READ_SECONDS} s each in ${READ_ROUNDS} slices ` +
      'alternating with the baseline: the same bytes as a static file from the same nginx',
  );
  for (const { path, bytes, baseline, measured } of rows) {
    console.log(
      `  ${path.padEnd(28)} ${fmtRate(measured.rate).padStart(12)}, p99 ${fmtMs(measured.p99).padStart(7)}` +
        `   static: ${fmtRate(baseline.rate).padStart(12)}, p99 ${fmtMs(baseline.p99).padStart(7)}` +
        `   ratio ${(measured.rate / baseline.rate).toFixed(2)} (goal >= 0.5), ${bytes} bytes` +
        (measured.failed + baseline.failed ? `   FAILED ANSWERS ${measured.failed} / ${baseline.failed}` : ''),
    );
  }
}

function printMixed(result) {
  const { readers, baseline, measured, tally, changes, streams, streamFailures, stored } = result;
  const sum = (counts) => Object.values(counts).reduce((a, b) => a + b, 0);
  const describe = (counts) =>
    Object.entries(counts)
      .map(([status, n]) => `${n} x ${status}`)
      .join(', ');
  const refusals = (counts) => counts[429] ?? 0;
  const otherFailures = (counts) => sum(counts) - (counts[201] ?? 0) - (counts[200] ?? 0) - refusals(counts);
  console.log(
    `Mixed load, ${MIXED_SECONDS} s at ${CONNECTIONS} connections: ${readers} reading, ${WRITERS} visitors writing ` +
      `(each from its own address), ${STREAMS} live /try streams`,
  );
  console.log(
    `  pages and reads (/, /blog, a post, the three reads): ${fmtRate(measured.requests.average)}, ` +
      `p99 ${fmtMs(measured.latency.p99)}, ${measured.requests.total} answers, ${failures(measured)} failed`,
  );
  console.log(
    `    alone (baseline, ${READ_SECONDS / 2} s before and after): ${fmtRate(baseline.both.rate)} ` +
      `(${fmtRate(baseline.before.requests.average)}, then ${fmtRate(baseline.after.requests.average)}), ` +
      `p99 ${fmtMs(baseline.both.p99)}, ${baseline.both.failed} failed`,
  );
  console.log(
    `  inquiries: ${describe(tally.inquiries)}; ${stored.inquiries} stored` +
      (stored.inquiries === (tally.inquiries[201] ?? 0) ? ' (every accepted one)' : ' (NOT every accepted one)'),
  );
  console.log(
    `  subscriptions: ${describe(tally.subscriptions)}; ${stored.subscriptions} stored` +
      (stored.subscriptions === (tally.subscriptions[200] ?? 0)
        ? ' (every accepted one)'
        : ' (NOT every accepted one)'),
  );
  const snapshots = streams.map((c) => c.snapshots);
  console.log(
    `  streams: ${streams.length - streamFailures} of ${streams.length} open throughout and current after ${changes} admin changes ` +
      `(${Math.min(...snapshots)}-${Math.max(...snapshots)} snapshots each)`,
  );
  const errors =
    failures(measured) + otherFailures(tally.inquiries) + otherFailures(tally.subscriptions) + streamFailures;
  const limited = refusals(tally.inquiries) + refusals(tally.subscriptions);
  console.log(`  errors: ${errors} (goal 0); refused by a rate limit (429): ${limited}`);
}

async function main() {
  const staticDir = join(work, 'static');
  mkdirSync(staticDir);
  const storage = await startEmbeddedStorage(join(work, 's3'), 'bench');
  try {
    await withDatabase('bench_load', async (databaseUrl) => {
      const backend = await startBackend(databaseUrl, {
        S3_ENDPOINT: storage.endpoint,
        S3_BUCKET: 'bench',
        S3_ACCESS_KEY_ID: storage.accessKeyId,
        S3_SECRET_ACCESS_KEY: storage.secretAccessKey,
        WEB_ROOT,
        OUTBOX_DIR: join(work, 'outbox'),
        PUBLIC_URL: 'http://localhost:8080',
        // These streams do not reconnect as a browser does: none may end before the run does.
        STREAM_LIFETIME_SECONDS: '86400',
      });
      const port = await freePort();
      const nginx = startLocalNginx(
        { BACKEND_UPSTREAM: new URL(backend.url).host, LISTEN_PORT: `127.0.0.1:${port}`, WEB_ROOT: PUBLIC_FILES },
        { serverDirectives: `location /bench-static/ { alias ${staticDir}/; }` },
      );
      const site = `http://127.0.0.1:${port}`;
      try {
        for (let i = 0; !(await fetch(`${site}/api/health`).catch(() => null))?.ok; i++) {
          if (i > 100) throw new Error('nginx did not start');
          await sleep(100);
        }
        const seeded = await seed(backend);
        printReads(await compareReads(site, staticDir));
        printMixed(await mixedLoad(site, seeded, databaseUrl));
      } finally {
        await nginx.stop();
        await backend.stop();
      }
    });
  } finally {
    await storage.stop();
    rmSync(work, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
