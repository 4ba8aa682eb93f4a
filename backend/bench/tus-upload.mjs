// `make bench` — resumable uploads (tus), each figure against a baseline measured in the same run,
// all on moto's S3 server (the one the backend's resumable uploads run on outside production):
//  1. a 100 MiB upload through tus (8 MiB PATCHes, as the giver's page sends them) vs today's
//     multipart POST vs a direct S3 multipart upload of the same bytes (throughput ratios, goal
//     tus >= 0.9x the multipart POST), and the backend's RSS growth during tus (goal <= 64 MiB);
//  2. the bytes sent again after the connection is cut at 90 % of the upload (goal: under one
//     chunk), for 8 MiB PATCHes and for one PATCH of the whole file.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  bigUpload,
  directMultipart,
  dist,
  multipartPost,
  newCodes,
  rssMiB,
  sized,
  startBackend,
  withSchema,
} from './support.mjs';

const require = (await import('node:module')).createRequire(import.meta.url);
const { startMotoStorage } = require(`${dist}/local/moto-storage.js`);
const MiB = 1024 * 1024;
/** The upload's size and the rounds of each measure (BENCH_SMOKE: the smallest that still cuts and resumes). */
const UPLOAD_MIB = sized(100, 24);
const ROUNDS = sized(3, 1);
const CHUNK = 8 * MiB;
const work = mkdtempSync(join(tmpdir(), 'giftcast-bench-tus-'));

async function createUpload(backend, token, size) {
  const response = await fetch(`${backend.url}/api/messages/${token}/uploads`, {
    method: 'POST',
    headers: { 'Tus-Resumable': '1.0.0', 'Upload-Length': String(size) },
  });
  if (response.status !== 201) throw new Error(`creation answered ${response.status}`);
  return { url: `${backend.url}${response.headers.get('location')}`, ownerKey: response.headers.get('x-owner-key') };
}

function patch(upload, offset, body) {
  return fetch(upload.url, {
    method: 'PATCH',
    headers: {
      'Tus-Resumable': '1.0.0',
      'Upload-Offset': String(offset),
      'Content-Type': 'application/offset+octet-stream',
      'X-Owner-Key': upload.ownerKey,
    },
    body,
  });
}

async function offsetOf(upload) {
  const response = await fetch(upload.url, {
    method: 'HEAD',
    headers: { 'Tus-Resumable': '1.0.0', 'X-Owner-Key': upload.ownerKey },
  });
  return Number(response.headers.get('upload-offset'));
}

/** Sends `bytes` from `offset` to `until` in PATCHes of `chunk` bytes; the very last answers 200. */
async function sendFrom(upload, bytes, offset, chunk, until = bytes.length) {
  while (offset < until) {
    const end = Math.min(offset + chunk, until);
    const response = await patch(upload, offset, bytes.subarray(offset, end));
    if (response.status !== (end === bytes.length ? 200 : 204)) throw new Error(`PATCH answered ${response.status}`);
    await response.arrayBuffer();
    offset = end;
  }
}

async function tusUpload(backend, token, bytes) {
  const started = performance.now();
  const upload = await createUpload(backend, token, bytes.length);
  await sendFrom(upload, bytes, 0, CHUNK);
  return (performance.now() - started) / 1000;
}

/**
 * Cuts the connection once 90 % of the file is sent (in PATCHes of `chunk` bytes), then resumes
 * from HEAD's offset: the bytes that had to go again.
 */
async function resentAfterCut(backend, token, bytes, chunk) {
  const upload = await createUpload(backend, token, bytes.length);
  const cutAt = Math.floor(bytes.length * 0.9);
  const whole = Math.floor(cutAt / chunk) * chunk;
  await sendFrom(upload, bytes, 0, chunk, whole);
  const start = await offsetOf(upload);
  await new Promise((done) => {
    const target = new URL(upload.url);
    const end = Math.min(start + chunk, bytes.length);
    const req = httpRequest({
      host: target.hostname,
      port: target.port,
      path: target.pathname,
      method: 'PATCH',
      headers: {
        'Tus-Resumable': '1.0.0',
        'Upload-Offset': String(start),
        'Content-Type': 'application/offset+octet-stream',
        'Content-Length': String(end - start),
        'X-Owner-Key': upload.ownerKey,
      },
    });
    req.on('error', () => done());
    req.on('response', (response) => (response.resume(), done()));
    req.write(bytes.subarray(start, cutAt), () => setTimeout(() => (req.destroy(), done()), 500));
  });
  const resumed = await offsetOf(upload);
  await sendFrom(upload, bytes, resumed, chunk);
  return cutAt - resumed;
}

async function main() {
  const file = bigUpload(work, UPLOAD_MIB);
  const bytes = readFileSync(file);
  const storage = await startMotoStorage();
  try {
    await withSchema('bench_tus', async (databaseUrl) => {
      const backend = await startBackend(databaseUrl, {
        ROLE: 'web',
        S3_ENDPOINT: storage.endpoint,
        S3_BUCKET: 'bench',
        S3_ACCESS_KEY_ID: storage.accessKeyId,
        S3_SECRET_ACCESS_KEY: storage.secretAccessKey,
        S3_FORCE_PATH_STYLE: 'true',
        VIDEO_MAX_BYTES: String(200 * MiB),
        RATE_LIMIT_UPLOADS: '1000/1h',
      });
      try {
        const codes = await newCodes(backend, 12);
        await tusUpload(backend, codes[0].qrToken, bytes); // warm-up
        const tus = [];
        const multipart = [];
        const direct = [];
        let rssBefore = Infinity;
        let rssPeak = 0;
        for (let i = 1; i <= ROUNDS; i++) {
          direct.push(await directMultipart(storage, file, { partSize: CHUNK, queueSize: 1 }));
          multipart.push(await multipartPost(backend, codes[i].qrToken, file));
          rssBefore = Math.min(rssBefore, rssMiB(backend.child.pid));
          const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, rssMiB(backend.child.pid))), 20);
          tus.push(await tusUpload(backend, codes[3 + i].qrToken, bytes));
          clearInterval(sampler);
        }
        const resentChunked = await resentAfterCut(backend, codes[8].qrToken, bytes, CHUNK);
        const resentWhole = await resentAfterCut(backend, codes[9].qrToken, bytes, bytes.length);
        const best = (xs) => Math.min(...xs);
        const mibps = (s) => (bytes.length / MiB / s).toFixed(1);
        const [t, m, d] = [best(tus), best(multipart), best(direct)];
        console.log(`Resumable upload (tus), ${UPLOAD_MIB} MiB on moto_server, best of ${ROUNDS}:`);
        console.log(`  tus, 8 MiB PATCHes:        ${t.toFixed(2)} s (${mibps(t)} MiB/s)`);
        console.log(`  multipart POST (today):    ${m.toFixed(2)} s (${mibps(m)} MiB/s)`);
        console.log(`  direct S3 multipart:       ${d.toFixed(2)} s (${mibps(d)} MiB/s)`);
        console.log(`  tus / multipart POST:      ${(m / t).toFixed(2)}x throughput (goal >= 0.9)`);
        console.log(`  tus / direct S3:           ${(d / t).toFixed(2)}x throughput`);
        console.log(
          `  backend RSS during tus:    ${rssBefore.toFixed(0)} -> ${rssPeak.toFixed(0)} MiB (+${(rssPeak - rssBefore).toFixed(0)}, goal <= 64)`,
        );
        console.log(
          `  re-sent after a cut at 90 %, 8 MiB PATCHes:  ${(resentChunked / MiB).toFixed(2)} MiB (goal < 8)`,
        );
        console.log(`  re-sent after a cut at 90 %, one PATCH:      ${(resentWhole / MiB).toFixed(2)} MiB`);
      } finally {
        await backend.stop();
      }
    });
  } finally {
    await storage.stop();
    rmSync(work, { recursive: true, force: true });
  }
}

await main();
