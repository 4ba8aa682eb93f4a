import { spawn } from 'node:child_process';
import { readdirSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { PgBoss } from 'pg-boss';
import { Clock } from '../src/common/clock';
import { JobRunner } from '../src/jobs/job-runner';
import { PurgeExpiredJob } from '../src/video/purge-expired.job';
import { TranscodeJob } from '../src/video/transcode.job';
import { TranscodeQueue } from '../src/video/transcode-queue';
import { startTestApp, type TestApp } from './support/test-app';
import { transcodeDueNow } from './support/transcode-jobs';
import {
  countStoredVideoObjects,
  ffprobeStreams,
  makeClip,
  putObject,
  videoObjectKeys,
} from './support/video-fixtures';

const MAX_BYTES = 300_000;
const DAY_MS = 24 * 3600 * 1000;

interface Code {
  id: string;
  serialNumber: string;
  qrToken: string;
  status: string;
}

/** All files the S3 server keeps (objects and any multipart parts), outside its bucket metadata. */
function storedFiles(dir: string): string[] {
  const files: string[] = [];
  const walk = (path: string) => {
    for (const entry of readdirSync(path)) {
      const full = join(path, entry);
      if (statSync(full).isDirectory()) walk(full);
      else files.push(full);
    }
  };
  walk(dir);
  return files.filter((f) => !/\._S3rver_|metadata\.json$/.test(f) && f.includes('videos'));
}

describe('video messages over HTTP', () => {
  let t: TestApp;
  let auth: { Authorization: string };
  let webm: Buffer;

  beforeAll(async () => {
    t = await startTestApp({ VIDEO_MAX_BYTES: String(MAX_BYTES), TRY_SERIAL_FROM: '9000' });
    auth = { Authorization: `Bearer ${await t.adminToken()}` };
    webm = makeClip('webm');
  });
  afterAll(() => t.close());

  async function newCode(): Promise<Code> {
    const response = await t.http.post('/api/admin/qr').set(auth).send({ count: 1 }).expect(201);
    return response.body.items[0];
  }

  function upload(token: string, bytes: Buffer, filename = 'message.webm', contentType = 'video/webm') {
    return t.http.post(`/api/messages/${token}/video`).attach('video', bytes, { filename, contentType });
  }

  async function codeState(token: string) {
    return (await t.http.get(`/api/messages/${token}`).expect(200)).body;
  }

  async function rowCount(): Promise<number> {
    const [{ count }] = await t.db.query('SELECT count(*)::int AS count FROM video_messages');
    return count;
  }

  /** Waits until every upload so far is processed, so its objects are all written. */
  async function noJobsRunning(timeoutMs = 60_000) {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const [{ count }] = await t.db.query(`SELECT count(*)::int AS count FROM video_messages WHERE state <> 'ready'`);
      if (count === 0) return;
      if (Date.now() > deadline) throw new Error(`${count} messages still processing`);
      await new Promise((r) => setTimeout(r, 200));
    }
  }

  async function waitForReady(token: string, timeoutMs = 60_000) {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const state = await codeState(token);
      if (state.message?.state === 'ready') return state;
      if (Date.now() > deadline) throw new Error(`not ready: ${JSON.stringify(state)}`);
      await new Promise((r) => setTimeout(r, 200));
    }
  }

  describe('recording on a code', () => {
    let code: Code;
    let ready: { message: { id: string; videoUrl: string; posterUrl: string; downloadUrl: string; sizeBytes: number } };

    beforeAll(async () => {
      code = await newCode();
    });

    it('accepts a video, answers 201 with the message and an owner key, and shows it as processing', async () => {
      const response = await upload(code.qrToken, webm).expect(201);
      expect(response.body.ownerKey).toMatch(/^[A-Za-z0-9_-]{32}$/);
      expect(response.body.message).toMatchObject({
        state: 'processing',
        videoUrl: null,
        posterUrl: null,
        downloadUrl: null,
      });
      const created = new Date(response.body.message.createdAt).getTime();
      expect(new Date(response.body.message.expiresAt).getTime() - created).toBe(7 * DAY_MS);
      expect(new Date(response.body.message.takeBackUntil).getTime() - created).toBe(DAY_MS);
      const state = await codeState(code.qrToken);
      expect(state.status).toBe('recorded');
      expect(state.serialNumber).toBe(code.serialNumber);
    });

    it('refuses a second upload to the same code with 409', async () => {
      const response = await upload(code.qrToken, webm).expect(409);
      expect(response.body.error).toBe('이미 영상이 등록되었거나 사용할 수 없는 QR 코드입니다');
    });

    it('transcodes to an H.264/AAC yuv420p MP4 with a poster and duration, then deletes the original', async () => {
      ready = await waitForReady(code.qrToken);
      expect(ready.message).toMatchObject({
        videoUrl: `/api/videos/${ready.message.id}`,
        posterUrl: `/api/videos/${ready.message.id}/poster.jpg`,
        downloadUrl: `/api/videos/${ready.message.id}?download=1`,
        mimeType: 'video/mp4',
      });
      expect((ready.message as unknown as { durationSeconds: number }).durationSeconds).toBeCloseTo(2, 0);
      const file = join(tmpdir(), `giftcast-${ready.message.id}.mp4`);
      const download = await fetch(`${t.url}${ready.message.downloadUrl}`);
      expect(download.headers.get('content-disposition')).toBe(
        `attachment; filename=giftcast-${code.serialNumber}.mp4`,
      );
      writeFileSync(file, Buffer.from(await download.arrayBuffer()));
      const streams = ffprobeStreams(file);
      expect(streams).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ codec_type: 'video', codec_name: 'h264', pix_fmt: 'yuv420p' }),
          expect.objectContaining({ codec_type: 'audio', codec_name: 'aac' }),
        ]),
      );
      const poster = await fetch(`${t.url}${ready.message.posterUrl}`);
      expect(poster.headers.get('content-type')).toBe('image/jpeg');
      expect((await poster.arrayBuffer()).byteLength).toBeGreaterThan(1000);
      expect(await videoObjectKeys(t)).toEqual([
        `videos/${ready.message.id}/poster.jpg`,
        `videos/${ready.message.id}/video.mp4`,
      ]);
    });

    it('serves byte ranges as iOS Safari asks for them', async () => {
      const url = `${t.url}${ready.message.videoUrl}`;
      const whole = Buffer.from(await (await fetch(url)).arrayBuffer());
      const size = whole.length;
      expect(size).toBe(ready.message.sizeBytes);
      const cases: [string, number, number][] = [
        ['bytes=0-1', 0, 1],
        ['bytes=0-99', 0, 99],
        [
          `bytes=${Math.floor(size / 2)}-${Math.floor(size / 2) + 499}`,
          Math.floor(size / 2),
          Math.floor(size / 2) + 499,
        ],
        ['bytes=-500', size - 500, size - 1],
        [`bytes=${size - 10}-`, size - 10, size - 1],
        [`bytes=100-${size + 1000}`, 100, size - 1],
      ];
      for (const [range, start, end] of cases) {
        const response = await fetch(url, { headers: { Range: range } });
        expect(response.status).toBe(206);
        expect(response.headers.get('content-range')).toBe(`bytes ${start}-${end}/${size}`);
        expect(response.headers.get('content-length')).toBe(String(end - start + 1));
        expect(response.headers.get('accept-ranges')).toBe('bytes');
        expect(Buffer.from(await response.arrayBuffer()).equals(whole.subarray(start, end + 1))).toBe(true);
      }
      for (const range of [`bytes=${size}-`, `bytes=${size + 5}-${size + 10}`, 'bytes=-0', 'bytes=abc']) {
        const response = await fetch(url, { headers: { Range: range } });
        expect(response.status).toBe(416);
        expect(response.headers.get('content-range')).toBe(`bytes */${size}`);
      }
      const plain = await fetch(url);
      expect(plain.status).toBe(200);
      expect(plain.headers.get('accept-ranges')).toBe('bytes');
      expect(plain.headers.get('content-type')).toBe('video/mp4');
    });

    it('lets the giver take it back with the owner key only, within 24 hours', async () => {
      const other = await newCode();
      const { body } = await upload(other.qrToken, webm).expect(201);
      const { message } = await waitForReady(other.qrToken);
      const take = (key?: string) => {
        const request = t.http.delete(`/api/messages/${other.qrToken}/video`);
        return key === undefined ? request : request.set('X-Owner-Key', key);
      };
      await take().expect(403);
      await take('not-the-key').expect(403);

      const clock = t.app.get(Clock);
      const later = jest.spyOn(clock, 'now').mockReturnValue(new Date(Date.now() + DAY_MS + 60_000));
      const expired = await take(body.ownerKey).set('Accept-Language', 'en').expect(409);
      expect(expired.body.error).toBe('The 24 hours to take the message back have passed');
      later.mockRestore();

      await take(body.ownerKey).expect(204);
      expect(await codeState(other.qrToken)).toEqual({
        serialNumber: other.serialNumber,
        status: 'unused',
        listed: false,
        message: null,
      });
      expect((await videoObjectKeys(t)).some((k) => k.includes(message.id))).toBe(false);
      expect((await fetch(`${t.url}/api/videos/${message.id}`)).status).toBe(404);
      // and the giver can record again
      await upload(other.qrToken, webm).expect(201);
    });
  });

  it('takes the poster from the first frame when the picture stops before the sound', async () => {
    const code = await newCode();
    await upload(code.qrToken, makeClip('webm', 2, '320x240', 0.1)).expect(201);
    const ready = await waitForReady(code.qrToken);
    expect(ready.message.durationSeconds).toBeCloseTo(2, 0);
    const poster = await fetch(`${t.url}${ready.message.posterUrl}`);
    expect(poster.status).toBe(200);
    expect((await poster.arrayBuffer()).byteLength).toBeGreaterThan(1000);
  });

  describe('refusals leave nothing behind', () => {
    async function expectUntouched(code: Code, objectsBefore: string[], rowsBefore: number) {
      expect(await videoObjectKeys(t)).toEqual(objectsBefore);
      expect(storedFiles(t.storageDir).filter((f) => !objectsBefore.some((k) => f.includes(k.split('/')[1])))).toEqual(
        [],
      );
      expect(await rowCount()).toBe(rowsBefore);
      expect((await codeState(code.qrToken)).status).toBe('unused');
    }

    it('accepts exactly VIDEO_MAX_BYTES and answers 413 at VIDEO_MAX_BYTES + 1', async () => {
      const padded = (size: number) => Buffer.concat([webm, Buffer.alloc(size - webm.length)]);
      expect(webm.length).toBeLessThan(MAX_BYTES);
      const atLimit = await newCode();
      await upload(atLimit.qrToken, padded(MAX_BYTES)).expect(201);

      const code = await newCode();
      const objects = await videoObjectKeys(t);
      const rows = await rowCount();
      const response = await upload(code.qrToken, padded(MAX_BYTES + 1)).expect(413);
      expect(response.body).toEqual({ statusCode: 413, error: '영상 파일이 허용된 크기보다 큽니다' });
      await expectUntouched(code, objects, rows);
    });

    it('answers 413 at once when the declared length is far over the limit', async () => {
      const code = await newCode();
      const objects = await videoObjectKeys(t);
      const rows = await rowCount();
      await upload(code.qrToken, Buffer.concat([webm, Buffer.alloc(MAX_BYTES * 3)])).expect(413);
      await expectUntouched(code, objects, rows);
    });

    it('answers 415 for a text file named .mp4 and for a body that is not multipart', async () => {
      const code = await newCode();
      const objects = await videoObjectKeys(t);
      const rows = await rowCount();
      const text = Buffer.from('This is not a video at all, just some text pretending to be one.\n'.repeat(200));
      const response = await upload(code.qrToken, text, 'message.mp4', 'video/mp4')
        .set('Accept-Language', 'en')
        .expect(415);
      expect(response.body.error).toBe('Only video files can be uploaded');
      await t.http.post(`/api/messages/${code.qrToken}/video`).send({ video: 'x' }).expect(415);
      await expectUntouched(code, objects, rows);
    });

    it('answers 400 without a file or with the file under another field name', async () => {
      const code = await newCode();
      await t.http.post(`/api/messages/${code.qrToken}/video`).field('note', 'hello').expect(400);
      await t.http
        .post(`/api/messages/${code.qrToken}/video`)
        .attach('file', webm, { filename: 'a.webm', contentType: 'video/webm' })
        .expect(400);
      expect((await codeState(code.qrToken)).status).toBe('unused');
    });

    it('answers 404 for an unknown code and 409 for a disabled or an expired one', async () => {
      await upload('no-such-code-000000000000', webm).expect(404);
      await t.http.get('/api/messages/no-such-code-000000000000').expect(404);
      const code = await newCode();
      await t.http.patch(`/api/admin/qr/${code.id}`).set(auth).send({ status: 'disabled' }).expect(200);
      await upload(code.qrToken, webm).expect(409);
      expect((await codeState(code.qrToken)).status).toBe('disabled');
      // Its message purged: a code is recorded on once.
      const expired = await newCode();
      await t.db.query(`UPDATE qr_codes SET status = 'expired' WHERE id = $1`, [expired.id]);
      await upload(expired.qrToken, webm).expect(409);
      expect(await codeState(expired.qrToken)).toMatchObject({ status: 'expired', message: null });
    });
  });

  it('of 20 simultaneous uploads to one code exactly one wins and exactly one object set is kept', async () => {
    const code = await newCode();
    await noJobsRunning();
    const before = await videoObjectKeys(t);
    const responses = await Promise.all(Array.from({ length: 20 }, () => upload(code.qrToken, webm)));
    const statuses = responses.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    const winner = responses.find((r) => r.status === 201)!.body.message.id;
    await waitForReady(code.qrToken);
    const added = (await videoObjectKeys(t)).filter((k) => !before.includes(k));
    expect(new Set(added.map((k) => k.split('/')[1]))).toEqual(new Set([winner]));
    const [{ count }] = await t.db.query('SELECT count(*)::int AS count FROM video_messages WHERE qr_code_id = $1', [
      code.id,
    ]);
    expect(count).toBe(1);
  });

  it('resumes a job whose worker died (lease lapsed) and leaves one under a live lease alone', async () => {
    await noJobsRunning();
    const runner = t.app.get(JobRunner);
    const [orphaned, leased] = [await newCode(), await newCode()];
    const ids: string[] = [];
    // Another worker, of the queue's own library, takes both jobs and then stops beating.
    await runner.pause(TranscodeQueue.NAME);
    const other = new PgBoss({
      connectionString: t.schema.url,
      schema: t.schema.jobsSchema,
      supervise: false,
      schedule: false,
      migrate: false,
      monitorIntervalSeconds: 1,
    });
    await other.start();
    try {
      for (const code of [orphaned, leased]) {
        await t.db.query(`UPDATE qr_codes SET status = 'recorded' WHERE id = $1`, [code.id]);
        const [{ id }] = await t.db.query(
          `INSERT INTO video_messages (qr_code_id, serial_number, state, owner_key_hash, job_attempts)
           VALUES ($1, $2, 'processing', 'x', 1) RETURNING id`,
          [code.id, code.serialNumber],
        );
        await putObject(t, `videos/${id}/original`, webm);
        await t.db.query(
          `UPDATE video_messages SET original_key = $2, original_mime_type = 'video/webm' WHERE id = $1`,
          [id, `videos/${id}/original`],
        );
        await t.app.get(TranscodeQueue).send(id);
        ids.push(id);
      }
      expect(await other.fetch(TranscodeQueue.NAME, { batchSize: 2 })).toHaveLength(2);
      /** The worker holding `id`'s job died: its lease lapses, and the runner takes the job back. */
      const lapse = async (id: string) => {
        await t.db.query(
          `UPDATE "${t.schema.jobsSchema}".job SET heartbeat_on = now() - interval '1 hour'
            WHERE name = 'transcode' AND singleton_key = $1`,
          [id],
        );
        await new Promise((r) => setTimeout(r, 1100)); // the other's monitor claim is one second
        await other.supervise(TranscodeQueue.NAME);
        await t.db.query(transcodeDueNow(t.schema.jobsSchema), [id]); // skip the retry's back-off
      };
      await lapse(ids[0]);
      await runner.resume(TranscodeQueue.NAME);
      const jobs = t.app.get(TranscodeJob);
      jobs.kick();
      await waitForReady(orphaned.qrToken);
      await jobs.idle();
      const [{ state }] = await t.db.query('SELECT state FROM video_messages WHERE id = $1', [ids[1]]);
      expect(state).toBe('processing');
      // Its worker never comes back: once the lease lapses, this replica finishes it.
      await lapse(ids[1]);
      jobs.kick();
      await waitForReady(leased.qrToken);
    } finally {
      await other.stop({ graceful: false });
    }
  });

  it('gives up on a video ffmpeg cannot read, tells the giver why and frees the code for another try', async () => {
    const code = await newCode();
    // A real WebM's header and track list (enough to pass as a video), then junk: not one frame.
    const firstCluster = webm.indexOf(Buffer.from([0x1f, 0x43, 0xb6, 0x75]));
    const broken = Buffer.concat([webm.subarray(0, firstCluster), Buffer.alloc(20_000, 7)]);
    await upload(code.qrToken, broken).expect(201);
    const jobs = t.app.get(TranscodeJob);
    const deadline = Date.now() + 60_000;
    while ((await codeState(code.qrToken)).status !== 'unused') {
      if (Date.now() > deadline) throw new Error('the broken upload was never given up');
      // Skip the retry back-off: make the job due now.
      const [{ id }] = await t.db.query('SELECT id FROM video_messages WHERE qr_code_id = $1', [code.id]);
      await t.db.query(transcodeDueNow(t.schema.jobsSchema), [id]);
      jobs.kick();
      await jobs.idle();
    }
    const { message } = await codeState(code.qrToken);
    expect(message).toMatchObject({ state: 'failed', failureReason: 'unreadable', videoUrl: null });
    expect((await videoObjectKeys(t)).filter((k) => k.includes(message.id))).toEqual([]);
    // The giver records again; the failed attempt's note goes with it.
    await upload(code.qrToken, webm).expect(201);
    expect((await codeState(code.qrToken)).message.state).toBe('processing');
    const [{ count }] = await t.db.query('SELECT count(*)::int AS count FROM video_messages WHERE qr_code_id = $1', [
      code.id,
    ]);
    expect(count).toBe(1);
  });
});

describe('retention', () => {
  let t: TestApp;
  let auth: { Authorization: string };

  beforeAll(async () => {
    t = await startTestApp({ TRY_SERIAL_FROM: '9000' });
    auth = { Authorization: `Bearer ${await t.adminToken()}` };
    // These tests run the purge themselves, at chosen times and clocks: the app's own run every
    // ten minutes would otherwise purge the expired messages they seed while they count them.
    await t.app.get(JobRunner).pause('purge-expired');
  });
  afterAll(() => t.close());

  /** Messages made directly: a row in 'ready' with its objects, created `ageDays` ago. */
  async function seedMessages(
    count: number,
    ageDays: number,
    objectsEach = 2,
  ): Promise<{ id: string; codeId: string }[]> {
    const codes: Code[] = [];
    for (let left = count; left > 0; left -= 1000) {
      const batch = await t.http
        .post('/api/admin/qr')
        .set(auth)
        .send({ count: Math.min(left, 1000) })
        .expect(201);
      codes.push(...batch.body.items);
    }
    const created: { id: string; codeId: string }[] = [];
    for (const code of codes) {
      await t.db.query(`UPDATE qr_codes SET status = 'recorded' WHERE id = $1`, [code.id]);
      const [{ id }] = await t.db.query(
        `INSERT INTO video_messages (qr_code_id, serial_number, state, video_key, poster_key, size_bytes, owner_key_hash, created_at)
         VALUES ($1, $2, 'ready', 'k', 'k', 10, 'x', now() - make_interval(days => $3)) RETURNING id`,
        [code.id, code.serialNumber, ageDays],
      );
      await t.db.query(`UPDATE video_messages SET video_key = $2, poster_key = $3 WHERE id = $1`, [
        id,
        `videos/${id}/video.mp4`,
        `videos/${id}/poster.jpg`,
      ]);
      const names = ['video.mp4', 'poster.jpg'].slice(0, objectsEach);
      await Promise.all(names.map((name) => putObject(t, `videos/${id}/${name}`, 'bytes')));
      created.push({ id, codeId: code.id });
    }
    return created;
  }

  async function rowsAndObjects() {
    const rows: { id: string }[] = await t.db.query('SELECT id FROM video_messages');
    const objectIds = new Set((await videoObjectKeys(t)).map((k) => k.split('/')[1]));
    return { rowIds: new Set(rows.map((r) => r.id)), objectIds };
  }

  it('shows a message until the second its retention ends, and from then on as expired, before any purge', async () => {
    const [seeded] = await seedMessages(1, 0);
    const [{ createdAt }] = await t.db.query('SELECT created_at AS "createdAt" FROM video_messages WHERE id = $1', [
      seeded.id,
    ]);
    const [{ qrToken }] = await t.db.query('SELECT qr_token AS "qrToken" FROM qr_codes WHERE id = $1', [seeded.codeId]);
    const end = new Date((createdAt as Date).getTime() + 7 * DAY_MS);
    const clock = jest.spyOn(t.app.get(Clock), 'now');
    try {
      clock.mockReturnValue(new Date(end.getTime() - 1000));
      const before = await t.http.get(`/api/messages/${qrToken}`).expect(200);
      expect(before.body).toMatchObject({
        status: 'recorded',
        message: { state: 'ready', expiresAt: end.toISOString() },
      });
      await t.http.get(`/api/videos/${seeded.id}/poster.jpg`).expect(200);

      clock.mockReturnValue(end);
      const after = await t.http.get(`/api/messages/${qrToken}`).set('Accept-Language', 'en').expect(200);
      expect(after.body).toMatchObject({ status: 'expired', message: null });
      for (const path of [`/api/videos/${seeded.id}`, `/api/videos/${seeded.id}/poster.jpg`]) {
        const gone = await t.http.get(path).set('Accept-Language', 'en').expect(404);
        expect(gone.body).toEqual({ statusCode: 404, error: expect.any(String) });
      }

      // The purge's next run deletes it, and the code reads the same.
      expect(await t.app.get(PurgeExpiredJob).run(new Date(end.getTime() + 1000))).toMatchObject({
        expiredMessages: 1,
      });
      expect((await t.http.get(`/api/messages/${qrToken}`).expect(200)).body).toEqual(after.body);
    } finally {
      clock.mockRestore();
    }
  });

  it('deletes exactly the messages past the retention, marks their codes expired, and old inquiries', async () => {
    const old = await seedMessages(3, 8);
    const fresh = await seedMessages(2, 6);
    await t.db.query(
      `INSERT INTO contact_submissions (name, email, message, created_at) VALUES
       ('Old', 'old@example.com', 'an inquiry from long ago', now() - interval '7 months'),
       ('New', 'new@example.com', 'an inquiry from last week', now() - interval '7 days')`,
    );
    const report = await t.app.get(PurgeExpiredJob).run(new Date());
    expect(report).toMatchObject({ skipped: false, expiredMessages: 3, inquiries: 1 });
    const { rowIds, objectIds } = await rowsAndObjects();
    for (const m of old) {
      expect(rowIds.has(m.id)).toBe(false);
      expect(objectIds.has(m.id)).toBe(false);
      const [{ status }] = await t.db.query('SELECT status FROM qr_codes WHERE id = $1', [m.codeId]);
      expect(status).toBe('expired');
    }
    for (const m of fresh) {
      expect(rowIds.has(m.id)).toBe(true);
      expect(objectIds.has(m.id)).toBe(true);
    }
    const names = (await t.db.query('SELECT name FROM contact_submissions')).map((r: { name: string }) => r.name);
    expect(names).toEqual(['New']);

    // Moving the clock two days on expires the rest; a rerun is idempotent.
    const later = await t.app.get(PurgeExpiredJob).run(new Date(Date.now() + 2 * DAY_MS));
    expect(later.expiredMessages).toBe(2);
    expect((await t.app.get(PurgeExpiredJob).run(new Date(Date.now() + 2 * DAY_MS))).expiredMessages).toBe(0);
    const after = await rowsAndObjects();
    expect(after.rowIds.size).toBe(0);
    expect(after.objectIds.size).toBe(0);
  });

  it('killed with SIGKILL at several points and run again, leaves no object without a row and no row without an object', async () => {
    const keep = await seedMessages(3, 1, 1);
    await seedMessages(1500, 9, 1);
    const cli = resolve(__dirname, '../dist/video/purge-cli.js');
    const env = {
      ...process.env,
      NODE_ENV: 'test',
      DATABASE_URL: t.schema.url,
      S3_ENDPOINT: t.storage.endpoint,
      S3_BUCKET: 'giftcast-test',
      S3_ACCESS_KEY_ID: t.storage.accessKeyId,
      S3_SECRET_ACCESS_KEY: t.storage.secretAccessKey,
      ADMIN_PASSWORD: 'unused-here-0123456789',
      AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
    };
    const purge = (killAfter?: (progress: { rows: number; objects: number }) => boolean) =>
      new Promise<{ killed: boolean }>((done) => {
        const child = spawn(process.execPath, [cli], { env, stdio: 'ignore' });
        let finished = false;
        child.on('exit', (_, signal) => {
          finished = true;
          done({ killed: signal === 'SIGKILL' });
        });
        if (!killAfter) return;
        const watch = async () => {
          while (!finished) {
            const [{ count }] = await t.db.query('SELECT count(*)::int AS count FROM video_messages');
            const objects = countStoredVideoObjects(t.storageDir);
            if (killAfter({ rows: count, objects })) return void child.kill('SIGKILL');
            await new Promise((r) => setTimeout(r, 5));
          }
        };
        void watch();
      });

    const total = countStoredVideoObjects(t.storageDir);
    expect(total).toBe(1503);
    // Kill once objects start to disappear, once when the first rows are gone, once at random.
    const kills = [
      await purge(({ objects }) => objects < total),
      await purge(({ rows }) => rows < 1503 - 100),
      await purge(() => Math.random() < 0.05),
    ];
    expect(kills.filter((k) => k.killed).length).toBeGreaterThanOrEqual(2);
    await purge();

    const { rowIds, objectIds } = await rowsAndObjects();
    expect([...objectIds].filter((id) => !rowIds.has(id))).toEqual([]);
    expect([...rowIds].filter((id) => !objectIds.has(id))).toEqual([]);
    expect([...rowIds].sort()).toEqual(keep.map((m) => m.id).sort());
  }, 180_000);
});
