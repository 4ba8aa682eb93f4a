// `make bench` — past one process, through the deploy nginx (deploy/nginx/local-nginx.mjs) on the
// test PostgreSQL, with the embedded S3 server in a process of its own:
//  1. Video bytes: VIEWERS viewers each playing a 20 MiB video for STREAM_SECONDS as a browser's
//     player does, an open Range (bytes=N-) from a random place read to the end, again and again
//     (BENCH_STREAM_RANGE=1 asks 1 MiB ranges in order instead, the costliest way for the backend,
//     one check per MiB): VIDEO_DELIVERY=node (the backend pipes storage)
//     and VIDEO_DELIVERY=nginx (the backend allows, nginx streams a signed storage request), beside
//     the same bytes as a static file of the same nginx. Throughput (MiB/s) and its ratio to the
//     static file; the backend's CPU seconds per GiB sent; every process's CPU use (2 cores).
//  2. Public reads (a scanned code's GET /api/messages/:token, which nginx does not cache) at 200
//     connections with one, two and three web replicas behind nginx: requests per second and p99,
//     as ratios to one replica.
//  3. The /try fan-out: FANOUT_CLIENTS live lists through nginx, spread over three replicas, against
//     the same clients on one: time from an admin change to the last client's new snapshot.
// Every load stays on loopback and ends by itself.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { Agent, get } from 'node:http';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import autocannon from 'autocannon';
import pg from 'pg';
import { startLocalNginx } from '../../deploy/nginx/local-nginx.mjs';
import { dist, freePort, readSnapshots, sized, sleep, startBackend, withDatabase } from './support.mjs';

const MiB = 1024 * 1024;
const GiB = 1024 * MiB;
const VIDEO_BYTES = sized(20, 2) * MiB;
/** Bytes a viewer asks at once: to the end of the video (a seek, as browsers ask), or BENCH_STREAM_RANGE MiB. */
const CHUNK = process.env.BENCH_STREAM_RANGE ? Number(process.env.BENCH_STREAM_RANGE) * MiB : Infinity;
const VIEWERS = Number(process.env.BENCH_STREAM_VIEWERS ?? sized(200, 10));
const STREAM_SECONDS = Number(process.env.BENCH_STREAM_SECONDS ?? sized(15, 2));
const CONNECTIONS = sized(200, 20);
const READ_SECONDS = Number(process.env.BENCH_REPLICA_SECONDS ?? sized(10, 2));
const FANOUT_CLIENTS = Number(process.env.BENCH_FANOUT_CLIENTS ?? sized(600, 30));
const FANOUT_CHANGES = Number(process.env.BENCH_FANOUT_CHANGES ?? sized(10, 2));
/** nginx admits 20 live lists per address: each bench address opens fewer. */
const STREAMS_PER_ADDRESS = 10;
const TICKS = 100; // USER_HZ: /proc's CPU times are in 1/100 s

const work = mkdtempSync(join(tmpdir(), 'giftcast-bench-scale-'));
// nginx's workers run as another user when started as root: the static files must be theirs to read.
chmodSync(work, 0o755);

const loopback = (block, i) => `127.0.${block + Math.floor(i / 250)}.${1 + (i % 250)}`;

/** CPU seconds a process (and its waited-for children) has used so far. */
function cpuSeconds(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / TICKS;
}

/** CPU seconds of nginx's master and workers (its children). */
function nginxCpuSeconds(masterPid) {
  let total = cpuSeconds(masterPid);
  for (const entry of readFileSync(`/proc/${masterPid}/task/${masterPid}/children`, 'utf8')
    .split(' ')
    .filter(Boolean)) {
    total += cpuSeconds(Number(entry));
  }
  return total;
}

/** Busy and total CPU seconds of the whole machine. */
function machineCpu() {
  const [, ...fields] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).map(Number);
  const idle = fields[3] + fields[4];
  const total = fields.reduce((sum, value) => sum + value, 0);
  return { busy: (total - idle) / TICKS, total: total / TICKS };
}

/** The embedded S3 server in a child process, so that its CPU is its own and the load's is not in it. */
async function startStorage(directory) {
  const script = `
    const { startEmbeddedStorage } = require(${JSON.stringify(`${dist}/local/embedded-storage.js`)});
    startEmbeddedStorage(${JSON.stringify(directory)}, 'bench').then((s) => process.stdout.write(JSON.stringify(s) + '\\n'));`;
  const child = spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
  const line = await new Promise((done, fail) => {
    let text = '';
    child.stdout.on('data', (chunk) => {
      text += chunk;
      if (text.includes('\n')) done(text.trim());
    });
    child.once('exit', () => fail(new Error('the S3 server exited')));
  });
  return { ...JSON.parse(line), pid: child.pid, stop: () => child.kill('SIGTERM') };
}

function nginxFor(backends, staticDir) {
  return freePort().then((port) => {
    const nginx = startLocalNginx(
      {
        BACKEND_UPSTREAM: backends.map((backend) => new URL(backend.url).host).join(' '),
        LISTEN_PORT: `127.0.0.1:${port}`,
        WEB_ROOT: staticDir,
        ACCESS_LOG: '/dev/null',
      },
      { serverDirectives: `location /bench-static/ { alias ${staticDir}/; }`, errorLog: join(work, 'nginx-error.log') },
    );
    return { ...nginx, site: `http://127.0.0.1:${port}` };
  });
}

async function untilServing(site) {
  for (let i = 0; !(await fetch(`${site}/api/health`).catch(() => null))?.ok; i++) {
    if (i > 100) throw new Error('nginx did not start');
    await sleep(100);
  }
}

/** A print code with a message made ready by the backend, its video then replaced by 20 MiB. */
async function videoOf(backend, storage, databaseUrl) {
  const auth = { Authorization: `Bearer ${backend.token}` };
  const codes = await fetch(`${backend.url}/api/admin/qr`, {
    method: 'POST',
    headers: { ...auth, 'Content-Type': 'application/json' },
    body: JSON.stringify({ count: 1, pool: 'print' }),
  });
  const [code] = (await codes.json()).items;
  const clip = spawn('ffmpeg', [
    ...['-v', 'error', '-f', 'lavfi', '-i', 'testsrc=size=320x240:rate=25', '-t', '2'],
    ...['-c:v', 'libvpx', '-f', 'webm', 'pipe:1'],
  ]);
  const chunks = [];
  clip.stdout.on('data', (chunk) => chunks.push(chunk));
  await new Promise((done) => clip.once('exit', done));
  const form = new FormData();
  form.append('video', new Blob([Buffer.concat(chunks)], { type: 'video/webm' }), 'message.webm');
  const upload = await fetch(`${backend.url}/api/messages/${code.qrToken}/video`, { method: 'POST', body: form });
  if (upload.status !== 201) throw new Error(`upload: ${upload.status} ${await upload.text()}`);
  let message;
  for (let i = 0; message?.state !== 'ready'; i++) {
    if (i > 600) throw new Error('the bench video was not transcoded');
    await sleep(100);
    message = (await (await fetch(`${backend.url}/api/messages/${code.qrToken}`)).json()).message;
  }
  const bytes = randomBytes(VIDEO_BYTES);
  const s3 = new S3Client({
    region: 'us-east-1',
    endpoint: storage.endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: storage.accessKeyId, secretAccessKey: storage.secretAccessKey },
  });
  await s3.send(
    new PutObjectCommand({
      Bucket: 'bench',
      Key: `videos/${message.id}/video.mp4`,
      Body: bytes,
      ContentType: 'video/mp4',
    }),
  );
  s3.destroy();
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  await db.query('UPDATE video_messages SET size_bytes = $1 WHERE id = $2', [VIDEO_BYTES, message.id]);
  await db.end();
  return { code, message, bytes };
}

/**
 * VIEWERS players on `url` for STREAM_SECONDS, each over a keep-alive connection of its own: from a
 * random place, CHUNK at a time in order; bytes received, and any wrong answer.
 */
async function watch(url) {
  const until = Date.now() + STREAM_SECONDS * 1000;
  let bytes = 0;
  const failures = {};
  const viewer = async (i) => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1, localAddress: loopback(20, i) });
    let offset = Math.floor(Math.random() * (VIDEO_BYTES / MiB)) * MiB;
    while (Date.now() < until) {
      const end = Math.min(offset + CHUNK, VIDEO_BYTES) - 1;
      const range = end === VIDEO_BYTES - 1 ? `bytes=${offset}-` : `bytes=${offset}-${end}`;
      const received = await new Promise((done) => {
        const request = get(url, { agent, headers: { Range: range } }, (response) => {
          let length = 0;
          response.on('data', (chunk) => (length += chunk.length));
          response.on('end', () =>
            done(response.statusCode === 206 && length === end - offset + 1 ? length : `${response.statusCode}`),
          );
          response.on('error', () => done('cut'));
        });
        request.on('error', () => done('error'));
      });
      if (typeof received === 'string') failures[received] = (failures[received] ?? 0) + 1;
      else bytes += received;
      offset = end + 1 >= VIDEO_BYTES ? Math.floor(Math.random() * (VIDEO_BYTES / MiB)) * MiB : end + 1;
    }
    agent.destroy();
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: VIEWERS }, (_, i) => viewer(i)));
  const failed = Object.values(failures).reduce((sum, count) => sum + count, 0);
  return { bytes, failed, failures, seconds: (performance.now() - started) / 1000 };
}

/** One streaming run: throughput and the CPU of each process while it ran. */
async function measureStream(url, processes) {
  const before = Object.fromEntries(Object.entries(processes).map(([name, read]) => [name, read()]));
  const machineBefore = machineCpu();
  const selfBefore = process.cpuUsage();
  const result = await watch(url);
  const machineAfter = machineCpu();
  const self = process.cpuUsage(selfBefore);
  const cpu = Object.fromEntries(Object.entries(processes).map(([name, read]) => [name, read() - before[name]]));
  cpu.load = (self.user + self.system) / 1e6;
  return {
    ...result,
    rate: result.bytes / MiB / result.seconds,
    cpu,
    machineBusy: (machineAfter.busy - machineBefore.busy) / result.seconds,
  };
}

async function streaming(databaseUrl, storage, storageEnv, staticDir) {
  const rows = [];
  let video;
  for (const delivery of ['node', 'nginx']) {
    const backend = await startBackend(databaseUrl, { ...storageEnv, VIDEO_DELIVERY: delivery, ROLE: 'all' });
    const nginx = await nginxFor([backend], staticDir);
    try {
      await untilServing(nginx.site);
      if (!video) {
        video = await videoOf(backend, storage, databaseUrl);
        writeFileSync(join(staticDir, 'video.mp4'), video.bytes);
      }
      const check = Buffer.from(await (await fetch(`${nginx.site}${video.message.videoUrl}`)).arrayBuffer());
      if (!check.equals(video.bytes)) throw new Error(`${delivery}: the video's bytes differ`);
      const processes = {
        backend: () => cpuSeconds(backend.child.pid),
        nginx: () => nginxCpuSeconds(nginx.pid),
        storage: () => cpuSeconds(storage.pid),
      };
      // The static file right before each delivery, so that whatever else the machine does weighs
      // on both alike; a short run first, so neither is measured cold.
      await watchBriefly(`${nginx.site}/bench-static/video.mp4`);
      const baseline = await measureStream(`${nginx.site}/bench-static/video.mp4`, processes);
      rows.push({ name: `static file (before ${delivery})`, baseline, ...baseline });
      await watchBriefly(`${nginx.site}${video.message.videoUrl}`);
      rows.push({
        name: `VIDEO_DELIVERY=${delivery}`,
        baseline,
        ...(await measureStream(`${nginx.site}${video.message.videoUrl}`, processes)),
      });
    } finally {
      await nginx.stop();
      await backend.stop();
    }
  }
  return rows;
}

/** One range asked before a measurement, so that nothing is measured cold. */
async function watchBriefly(url) {
  await new Promise((done) => {
    const request = get(url, { headers: { Range: 'bytes=0-1048575' } }, (response) => {
      response.resume();
      response.on('end', done);
    });
    request.on('error', done);
  });
}

function printStreaming(rows) {
  console.log(
    `\nVideo bytes: ${VIEWERS} viewers of a ${VIDEO_BYTES / MiB} MiB video, ${CHUNK === Infinity ? 'open Range requests (bytes=N-) from random places' : `${CHUNK / MiB} MiB Range requests`}, ${STREAM_SECONDS} s each, through the deploy nginx`,
  );
  console.log(
    'delivery                 MiB/s   ratio to static   backend CPU s/GiB   CPU s: backend  nginx  S3 server  load   machine busy (of 2 cores)   failed',
  );
  for (const row of rows) {
    const gib = row.bytes / GiB;
    console.log(
      [
        row.name.padEnd(22),
        row.rate.toFixed(0).padStart(7),
        (row.rate / row.baseline.rate).toFixed(2).padStart(17),
        (row.cpu.backend / gib).toFixed(2).padStart(19),
        row.cpu.backend.toFixed(1).padStart(16),
        row.cpu.nginx.toFixed(1).padStart(6),
        row.cpu.storage.toFixed(1).padStart(10),
        row.cpu.load.toFixed(1).padStart(6),
        row.machineBusy.toFixed(2).padStart(27),
        `${row.failed}${row.failed ? ` ${JSON.stringify(row.failures)}` : ''}`.padStart(8),
      ].join(' '),
    );
  }
  const node = rows.find((row) => row.name.endsWith('node'));
  const nginx = rows.find((row) => row.name.endsWith('nginx'));
  const perGiB = (row) => row.cpu.backend / (row.bytes / GiB);
  console.log(
    `nginx delivery: ${(nginx.rate / nginx.baseline.rate).toFixed(2)} of static (goal >= 0.8); backend CPU per GiB ${(
      (100 * perGiB(nginx)) /
      perGiB(node)
    ).toFixed(1)} % of node delivery's (goal <= 10 %)`,
  );
}

function cannon(options) {
  return new Promise((done, fail) => {
    autocannon({ connections: CONNECTIONS, ...options }, (error, result) => (error ? fail(error) : done(result)));
  });
}

async function replicas(databaseUrl, storageEnv, staticDir, code) {
  const started = [];
  const rows = [];
  try {
    for (let count = 1; count <= 3; count++) {
      started.push(await startBackend(databaseUrl, { ...storageEnv, ROLE: 'web' }));
      const nginx = await nginxFor(started, staticDir);
      try {
        await untilServing(nginx.site);
        const url = `${nginx.site}/api/messages/${code.qrToken}`;
        await cannon({ url, duration: 2 });
        const before = machineCpu();
        const result = await cannon({ url, duration: READ_SECONDS });
        const after = machineCpu();
        rows.push({
          count,
          rate: result.requests.total / result.duration,
          p99: result.latency.p99,
          failed: result.non2xx + result.errors + result.timeouts,
          busy: (after.busy - before.busy) / result.duration,
        });
      } finally {
        await nginx.stop();
      }
    }
  } finally {
    for (const backend of started) await backend.stop();
  }
  return rows;
}

function printReplicas(rows) {
  console.log(
    `\nPublic reads (GET /api/messages/:token, not cached by nginx), ${CONNECTIONS} connections, ${READ_SECONDS} s`,
  );
  console.log('web replicas    req/s   ratio     p99   p99 ratio   machine busy (of 2 cores)   failed');
  for (const row of rows) {
    console.log(
      [
        String(row.count).padStart(12),
        row.rate.toFixed(0).padStart(8),
        (row.rate / rows[0].rate).toFixed(2).padStart(7),
        `${row.p99.toFixed(0)} ms`.padStart(7),
        (row.p99 / rows[0].p99).toFixed(2).padStart(11),
        row.busy.toFixed(2).padStart(27),
        String(row.failed).padStart(8),
      ].join(' '),
    );
  }
}

/** Live /try lists through nginx, each from an address that opens fewer than nginx's 20. */
async function openLists(site, count) {
  const clients = [];
  const opened = [];
  for (let i = 0; i < count; i++) {
    const client = { snapshots: 0, lastAt: 0 };
    opened.push(
      new Promise((ready, fail) => {
        client.request = get(
          `${site}/api/qr/available/stream`,
          { localAddress: loopback(40, Math.floor(i / STREAMS_PER_ADDRESS)) },
          (response) => {
            if (response.statusCode !== 200) return fail(new Error(`stream: ${response.statusCode}`));
            client.response = response;
            readSnapshots(response, () => {
              client.snapshots++;
              client.lastAt = performance.now();
              if (client.snapshots === 1) ready();
            });
          },
        );
        client.request.on('error', fail);
      }),
    );
    clients.push(client);
  }
  await Promise.all(opened);
  return clients;
}

async function fanout(databaseUrl, storageEnv, staticDir, replicaCount) {
  const started = [];
  for (let i = 0; i < replicaCount; i++) {
    started.push(await startBackend(databaseUrl, { ...storageEnv, ROLE: 'web', STREAM_LIFETIME_SECONDS: '86400' }));
  }
  const nginx = await nginxFor(started, staticDir);
  try {
    await untilServing(nginx.site);
    const admin = started[0];
    const codes = await fetch(`${admin.url}/api/admin/qr`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${admin.token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ count: 1, pool: 'try' }),
    });
    const [code] = (await codes.json()).items;
    const clients = await openLists(nginx.site, FANOUT_CLIENTS);
    const delays = [];
    try {
      for (let change = 0; change < FANOUT_CHANGES; change++) {
        const counts = clients.map((client) => client.snapshots);
        const changedAt = performance.now();
        await fetch(`${admin.url}/api/admin/qr/${code.id}`, {
          method: 'PATCH',
          headers: { Authorization: `Bearer ${admin.token}`, 'Content-Type': 'application/json' },
          body: JSON.stringify({ status: change % 2 === 0 ? 'disabled' : 'unused' }),
        });
        for (let i = 0; clients.some((client, j) => client.snapshots === counts[j]); i++) {
          if (i > 3000) throw new Error('a live list never heard of the change');
          await sleep(5);
        }
        delays.push(Math.max(...clients.map((client) => client.lastAt)) - changedAt);
        await sleep(300);
      }
    } finally {
      for (const client of clients) client.request.destroy();
    }
    delays.sort((a, b) => a - b);
    return {
      replicas: replicaCount,
      median: delays[Math.floor(delays.length / 2)],
      p95: delays[Math.min(delays.length - 1, Math.ceil(0.95 * delays.length) - 1)],
    };
  } finally {
    await nginx.stop();
    for (const backend of started) await backend.stop();
  }
}

function printFanout(rows) {
  console.log(`\n/try fan-out: ${FANOUT_CLIENTS} live lists through nginx, ${FANOUT_CHANGES} admin changes each`);
  console.log('web replicas   change to last client: median      p95   ratio to one replica (median)');
  for (const row of rows) {
    console.log(
      [
        String(row.replicas).padStart(12),
        `${row.median.toFixed(0)} ms`.padStart(31),
        `${row.p95.toFixed(0)} ms`.padStart(8),
        (row.median / rows[0].median).toFixed(2).padStart(32),
      ].join(' '),
    );
  }
}

async function main() {
  const staticDir = join(work, 'static');
  mkdirSync(staticDir);
  chmodSync(staticDir, 0o755);
  const storage = await startStorage(join(work, 's3'));
  const storageEnv = {
    S3_ENDPOINT: storage.endpoint,
    S3_BUCKET: 'bench',
    S3_ACCESS_KEY_ID: storage.accessKeyId,
    S3_SECRET_ACCESS_KEY: storage.secretAccessKey,
    PUBLIC_URL: 'http://localhost:8080',
    OUTBOX_DIR: join(work, 'outbox'),
  };
  try {
    await withDatabase('bench_scale', async (databaseUrl) => {
      const streams = await streaming(databaseUrl, storage, storageEnv, staticDir);
      printStreaming(streams);
      const db = new pg.Client({ connectionString: databaseUrl });
      await db.connect();
      const { rows } = await db.query(`SELECT qr_token AS "qrToken" FROM qr_codes WHERE status = 'recorded' LIMIT 1`);
      await db.end();
      printReplicas(await replicas(databaseUrl, storageEnv, staticDir, rows[0]));
      printFanout([
        await fanout(databaseUrl, storageEnv, staticDir, 1),
        await fanout(databaseUrl, storageEnv, staticDir, 3),
      ]);
    });
  } finally {
    storage.stop();
    rmSync(work, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
