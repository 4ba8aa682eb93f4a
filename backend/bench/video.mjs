// `make bench` — video figures, each against a baseline measured in the same run:
//  1. a 100 MiB upload through the backend vs a direct multipart PUT of the same bytes to the same
//     S3 server (ratio, goal >= 0.8) and the backend's RSS growth (goal <= 64 MB);
//  2. transcoding a 60 s 720p clip: seconds of work per second of video;
//  3. purging 1,000 and 10,000 expired messages (goal <= 20 s for 10,000);
//  4. video bombs: the time to refuse one (from its headers as it uploads, and from its packets in
//     the transcoder), and a normal clip's time to ready when a bomb was submitted just before it,
//     against the same clip's time to ready alone.
import { execFile, execFileSync } from 'node:child_process';
import { promisify } from 'node:util';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DeleteObjectsCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import pg from 'pg';
import {
  bigUpload,
  directMultipart,
  dist,
  multipartPost,
  newCodes,
  rssMiB,
  sized,
  sleep,
  startBackend as startBench,
  withSchema,
} from './support.mjs';

const require = (await import('node:module')).createRequire(import.meta.url);
const { startEmbeddedStorage } = require(`${dist}/local/embedded-storage.js`);
const { findMediaTools, run, transcodeArgs } = require(`${dist}/video/ffmpeg.js`);
const { parseConfig } = require(`${dist}/config/config.schema.js`);
const { mediaLimits } = require(`${dist}/video/media-limits.js`);
const { MediaTools } = require(`${dist}/video/media-tools.js`);
const MiB = 1024 * 1024;
/** The upload's size, the transcoded clip's length, the purges' sizes and the rounds of each measure. */
const UPLOAD_MIB = sized(100, 8);
const CLIP_SECONDS = sized(60, 2);
const PURGES = sized([1000, 10000], [10, 100]);
const ROUNDS = sized(3, 1);
/** The normal clip beside the bombs. */
const NORMAL_SECONDS = sized(10, 2);
// The S3 server runs in this process: never block its event loop while it serves.
const execAsync = promisify(execFile);
const work = mkdtempSync(join(tmpdir(), 'giftcast-bench-'));

/** A client of the embedded S3-compatible server, as the backend configures its own. */
function s3Client(storage) {
  return new S3Client({
    region: 'us-east-1',
    endpoint: storage.endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: storage.accessKeyId, secretAccessKey: storage.secretAccessKey },
    requestChecksumCalculation: 'WHEN_REQUIRED',
  });
}

/** The backend on the embedded object store, uploads up to 200 MiB. */
function startBackend(databaseUrl, storage, extra = {}) {
  return startBench(databaseUrl, {
    S3_ENDPOINT: storage.endpoint,
    S3_BUCKET: 'bench',
    S3_ACCESS_KEY_ID: storage.accessKeyId,
    S3_SECRET_ACCESS_KEY: storage.secretAccessKey,
    VIDEO_MAX_BYTES: String(200 * MiB),
    ...extra,
  });
}

async function uploadBench() {
  const storage = await startEmbeddedStorage(join(work, 's3-upload'), 'bench');
  try {
    return await withSchema('bench_video', async (databaseUrl) => {
      // No transcoding during the measurement, which would compete for the same two cores: a web
      // replica takes the uploads (probing them as they stream in, as in production).
      const backend = await startBackend(databaseUrl, storage, { ROLE: 'web' });
      try {
        const file = bigUpload(work, UPLOAD_MIB);
        const codes = await newCodes(backend, ROUNDS + 1);
        await multipartPost(backend, codes[0].qrToken, file); // warm-up
        const direct = [];
        const through = [];
        let rssBefore = Infinity;
        let rssPeak = 0;
        for (let i = 1; i <= ROUNDS; i++) {
          direct.push(await directMultipart(storage, file, { partSize: 5 * MiB, queueSize: 2 }));
          rssBefore = Math.min(rssBefore, rssMiB(backend.child.pid));
          const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, rssMiB(backend.child.pid))), 20);
          through.push(await multipartPost(backend, codes[i].qrToken, file));
          clearInterval(sampler);
        }
        const best = (xs) => Math.min(...xs);
        return {
          direct: best(direct),
          through: best(through),
          rssBefore,
          rssPeak,
          size: statSync(file).size,
        };
      } finally {
        backend.stop();
      }
    });
  } finally {
    await storage.stop();
  }
}

async function transcodeBench() {
  const tools = findMediaTools({});
  const clip = join(work, 'clip-720p.mp4');
  execFileSync('ffmpeg', [
    '-loglevel',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    `testsrc2=duration=${CLIP_SECONDS}:size=1280x720:rate=30`,
    '-f',
    'lavfi',
    '-i',
    `sine=frequency=440:duration=${CLIP_SECONDS}`,
    '-shortest',
    '-c:v',
    'libvpx',
    '-b:v',
    '2M',
    '-deadline',
    'realtime',
    '-cpu-used',
    '8',
    '-c:a',
    'libopus',
    clip.replace('.mp4', '.webm'),
  ]);
  // The arguments and limits the transcoder uses, from the default settings.
  const { env } = parseConfig({ DATABASE_URL: 'postgres://bench@127.0.0.1/bench' });
  const limits = mediaLimits(env);
  const media = new MediaTools({ env });
  const args = transcodeArgs(clip.replace('.mp4', '.webm'), 'matroska', clip, {
    maxSeconds: limits.maxSeconds,
    maxBytes: 2 * env.VIDEO_MAX_BYTES,
    threads: env.TRANSCODE_THREADS,
    maxFramePixels: limits.maxFramePixels,
    maxFps: 60,
    inputFps: 30,
  });
  const started = performance.now();
  await run(tools.ffmpeg, args, media.runLimits(env.TRANSCODE_TIMEOUT_SECONDS * 1000));
  const seconds = (performance.now() - started) / 1000;
  return { ffmpeg: tools.ffmpeg, seconds, perVideoSecond: seconds / CLIP_SECONDS };
}

/** ffmpeg's output file, made in the scratch folder; `-f webm -` writes to a pipe, as a browser's recorder streams. */
function madeByFfmpeg(args, name) {
  const file = join(work, name);
  execFileSync('ffmpeg', ['-loglevel', 'error', '-y', ...args, file]);
  return readFileSync(file);
}

async function uploadBytes(backend, token, bytes, name, type) {
  const form = new FormData();
  form.append('video', new Blob([bytes], { type }), name);
  const response = await fetch(`${backend.url}/api/messages/${token}/video`, { method: 'POST', body: form });
  return response.status;
}

/** Seconds until the code's message is no longer processing, and its state then. */
async function settled(backend, token, started) {
  for (;;) {
    const { message } = await (await fetch(`${backend.url}/api/messages/${token}`)).json();
    if (message && message.state !== 'processing')
      return { seconds: (performance.now() - started) / 1000, state: message.state, reason: message.failureReason };
    await sleep(50);
  }
}

async function bombBench() {
  const storage = await startEmbeddedStorage(join(work, 's3-bombs'), 'bench');
  try {
    return await withSchema('bench_video', async (databaseUrl) => {
      const backend = await startBackend(databaseUrl, storage);
      try {
        const huge = madeByFfmpeg(
          ['-f', 'lavfi', '-i', 'color=c=black:s=8192x8192:r=1:d=2', '-c:v', 'libx264', '-preset', 'ultrafast'],
          'huge.mp4',
        );
        // 30 frames a second declared, 60 frames packed into a quarter of a second: only the packets tell.
        const squashed = madeByFfmpeg(
          [
            '-f',
            'lavfi',
            '-i',
            'testsrc=size=320x240:rate=30:duration=2',
            '-c:v',
            'libvpx',
            '-b:v',
            '300k',
            '-bsf:v',
            'setts=ts=TS/8',
            '-f',
            'webm',
          ],
          'squashed.webm',
        );
        const normal = madeByFfmpeg(
          [
            '-f',
            'lavfi',
            '-i',
            `testsrc2=duration=${NORMAL_SECONDS}:size=1280x720:rate=30`,
            '-f',
            'lavfi',
            '-i',
            `sine=duration=${NORMAL_SECONDS}`,
            '-shortest',
            '-c:v',
            'libx264',
            '-preset',
            'veryfast',
            '-c:a',
            'aac',
          ],
          'normal.mp4',
        );
        const codes = await newCodes(backend, 16);
        const next = () => codes.shift().qrToken;

        // Refused from its headers as it uploads: the answer comes before the upload would be stored.
        const refusals = [];
        for (let i = 0; i < ROUNDS; i++) {
          const started = performance.now();
          const status = await uploadBytes(backend, next(), huge, 'huge.mp4', 'video/mp4');
          if (status !== 422) throw new Error(`the 8192x8192 upload answered ${status}`);
          refusals.push((performance.now() - started) / 1000);
        }

        // Refused from its packets by the transcoder, before ffmpeg starts.
        const packetRefusals = [];
        for (let i = 0; i < ROUNDS; i++) {
          const token = next();
          const started = performance.now();
          if ((await uploadBytes(backend, token, squashed, 'squashed.webm', 'video/webm')) !== 201)
            throw new Error('squashed upload refused');
          const outcome = await settled(backend, token, started);
          if (outcome.reason !== 'tooDemanding') throw new Error(`the squashed WebM ended ${JSON.stringify(outcome)}`);
          packetRefusals.push(outcome.seconds);
        }

        // A normal clip alone, then right after each kind of bomb.
        const alone = [];
        const afterBombs = [];
        for (let i = 0; i < Math.min(ROUNDS, 2); i++) {
          let token = next();
          let started = performance.now();
          await uploadBytes(backend, token, normal, 'normal.mp4', 'video/mp4');
          alone.push((await settled(backend, token, started)).seconds);

          await uploadBytes(backend, next(), huge, 'huge.mp4', 'video/mp4');
          await uploadBytes(backend, next(), squashed, 'squashed.webm', 'video/webm');
          token = next();
          started = performance.now();
          await uploadBytes(backend, token, normal, 'normal.mp4', 'video/mp4');
          const outcome = await settled(backend, token, started);
          if (outcome.state !== 'ready') throw new Error(`the normal clip ended ${JSON.stringify(outcome)}`);
          afterBombs.push(outcome.seconds);
        }
        const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
        return {
          headerRefusal: median(refusals),
          packetRefusal: median(packetRefusals),
          alone: median(alone),
          afterBombs: median(afterBombs),
          sizes: { huge: huge.length, squashed: squashed.length },
        };
      } finally {
        await backend.stop();
      }
    });
  } finally {
    await storage.stop();
  }
}

async function purgeBench(count) {
  const storage = await startEmbeddedStorage(join(work, `s3-purge-${count}`), 'bench');
  try {
    return await withSchema('bench_video', async (databaseUrl) => {
      const backend = await startBackend(databaseUrl, storage, { FFMPEG_PATH: '/nonexistent', PATH: '/nonexistent' });
      backend.stop();
      await sleep(500);
      const db = new pg.Client({ connectionString: databaseUrl });
      await db.connect();
      // Codes, rows and objects as real expired messages would leave them.
      await db.query(
        `INSERT INTO qr_codes (serial_number, qr_token, status)
         SELECT lpad(g::text, 6, '0'), 'bench-token-' || g, 'recorded' FROM generate_series(1, $1) g`,
        [count],
      );
      const rows = await db.query(
        `INSERT INTO video_messages (qr_code_id, serial_number, state, video_key, poster_key, size_bytes, owner_key_hash, created_at)
         SELECT id::text, serial_number, 'ready', 'k', 'k', 10, 'x', now() - interval '8 days' FROM qr_codes RETURNING id`,
      );
      await db.query(
        `UPDATE video_messages SET video_key = 'videos/' || id || '/video.mp4', poster_key = 'videos/' || id || '/poster.jpg'`,
      );
      const client = s3Client(storage);
      const ids = rows.rows.map((r) => r.id);
      for (let i = 0; i < ids.length; i += 50) {
        await Promise.all(
          ids
            .slice(i, i + 50)
            .flatMap((id) =>
              ['video.mp4', 'poster.jpg'].map((name) =>
                client.send(new PutObjectCommand({ Bucket: 'bench', Key: `videos/${id}/${name}`, Body: 'x' })),
              ),
            ),
        );
      }
      // Baseline: the S3 server's own time to delete as many keys, one DeleteObjects call per 1000.
      const baselineKeys = ids.map((id) => `baseline/${id}`);
      for (let i = 0; i < baselineKeys.length; i += 50) {
        await Promise.all(
          baselineKeys
            .slice(i, i + 50)
            .flatMap((key) => [`${key}/a`, `${key}/b`])
            .map((Key) => client.send(new PutObjectCommand({ Bucket: 'bench', Key, Body: 'x' }))),
        );
      }
      const allBaseline = baselineKeys.flatMap((key) => [`${key}/a`, `${key}/b`]);
      const rawStarted = performance.now();
      for (let i = 0; i < allBaseline.length; i += 1000) {
        await client.send(
          new DeleteObjectsCommand({
            Bucket: 'bench',
            Delete: { Objects: allBaseline.slice(i, i + 1000).map((Key) => ({ Key })), Quiet: true },
          }),
        );
      }
      const raw = (performance.now() - rawStarted) / 1000;
      client.destroy();
      await db.end();
      const started = performance.now();
      const { stdout: output } = await execAsync(process.execPath, [join(dist, 'video/purge-cli.js')], {
        env: {
          ...process.env,
          DATABASE_URL: databaseUrl,
          S3_ENDPOINT: storage.endpoint,
          S3_BUCKET: 'bench',
          S3_ACCESS_KEY_ID: storage.accessKeyId,
          S3_SECRET_ACCESS_KEY: storage.secretAccessKey,
          ADMIN_PASSWORD: 'bench-admin-password',
          FFMPEG_PATH: '/nonexistent',
          PATH: '/nonexistent',
          AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
        },
      });
      const seconds = (performance.now() - started) / 1000;
      const report = JSON.parse(output.trim().split('\n').pop());
      if (report.expiredMessages !== count) throw new Error(`purged ${report.expiredMessages} of ${count}`);
      return { seconds, raw };
    });
  } finally {
    await storage.stop();
  }
}

// BENCH_ONLY=upload|transcode|purge|bombs runs one part.
const only = process.env.BENCH_ONLY;
try {
  if (!only || only === 'upload') await reportUpload();
  if (!only || only === 'transcode') await reportTranscode();
  if (!only || only === 'purge') await reportPurge();
  if (!only || only === 'bombs') await reportBombs();
} finally {
  rmSync(work, { recursive: true, force: true });
}

async function reportUpload() {
  const upload = await uploadBench();
  const mib = upload.size / MiB;
  console.log(`Video upload, ${UPLOAD_MIB} MiB (best of ${ROUNDS}, same S3-compatible server)`);
  console.log(`  direct multipart PUT:   ${upload.direct.toFixed(2)} s  (${(mib / upload.direct).toFixed(0)} MiB/s)`);
  console.log(`  through the backend:    ${upload.through.toFixed(2)} s  (${(mib / upload.through).toFixed(0)} MiB/s)`);
  console.log(`  ratio backend/direct:   ${(upload.direct / upload.through).toFixed(2)} (goal >= 0.8)`);
  console.log(
    `  backend RSS: ${upload.rssBefore.toFixed(0)} MiB before, ${upload.rssPeak.toFixed(0)} MiB peak, growth ${(upload.rssPeak - upload.rssBefore).toFixed(0)} MiB (goal <= 64 MB)`,
  );
}

async function reportTranscode() {
  const transcode = await transcodeBench();
  console.log(`Transcode, ${CLIP_SECONDS} s 720p30 WebM -> H.264/AAC MP4`);
  console.log(
    `  ${transcode.seconds.toFixed(1)} s wall, ${transcode.perVideoSecond.toFixed(2)} s of work per second of video (${transcode.ffmpeg})`,
  );
}

async function reportPurge() {
  const [small, large] = [await purgeBench(PURGES[0]), await purgeBench(PURGES[1])];
  const line = (label, r) =>
    `  ${label} ${r.seconds.toFixed(1)} s (process start included); the server alone deletes the same keys in ${r.raw.toFixed(1)} s (x${(r.seconds / r.raw).toFixed(2)})`;
  console.log('Purge of expired messages (row, code, 2 objects each)');
  console.log(line(`${PURGES[0].toLocaleString('en')}:`, small));
  console.log(line(`${PURGES[1].toLocaleString('en')}:`, large));
  console.log(`  growth x${(large.seconds / small.seconds).toFixed(1)} for x10 messages (goal <= 20 s for 10,000)`);
}

async function reportBombs() {
  const bombs = await bombBench();
  const kb = (bytes) => `${(bytes / 1024).toFixed(0)} KB`;
  console.log(
    `Video bombs (median of ${ROUNDS}; normal clip: ${NORMAL_SECONDS} s 720p30 H.264, median of ${Math.min(ROUNDS, 2)})`,
  );
  console.log(
    `  8192x8192 MP4 (${kb(bombs.sizes.huge)}), refused from its headers on upload (422): ${bombs.headerRefusal.toFixed(2)} s`,
  );
  console.log(
    `  WebM of 60 frames in 0.25 s (${kb(bombs.sizes.squashed)}), refused from its packets by the transcoder: ${bombs.packetRefusal.toFixed(2)} s from upload to failed`,
  );
  console.log(
    `  normal clip to ready alone: ${bombs.alone.toFixed(2)} s; right after both bombs: ${bombs.afterBombs.toFixed(2)} s`,
  );
}
