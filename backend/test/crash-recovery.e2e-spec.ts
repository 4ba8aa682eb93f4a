import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { type EmbeddedStorage, startEmbeddedStorage } from '../src/local/embedded-storage';
import { PurgeExpiredJob } from '../src/video/purge-expired.job';
import { type BackendProcess, childProcessesOf, startBackendProcess } from './support/backend-process';
import { eventually } from './support/eventually';
import { TcpOutage } from './support/fault-proxy';
import { multipartBody, multipartType } from './support/multipart';
import { runPurge } from './support/purge-process';
import { startTestApp } from './support/test-app';
import { createTestSchema, TEST_DATABASE_URL, type TestSchema } from './support/test-database';
import { transcodeJobColumn } from './support/transcode-jobs';
import { makeClip } from './support/video-fixtures';

/**
 * What a killed process or a dependency that drops out leaves behind, and what puts it right:
 * shutdown hands a running transcode back, and the purge's sweeps free what a crash stranded.
 */
const BUCKET = 'giftcast-crashes';
const PASSWORD = 'crash-recovery-password-123';
const MINUTE = 60_000;

describe('after a crash', () => {
  let schema: TestSchema;
  let storageDir: string;
  let storage: EmbeddedStorage;
  let env: Record<string, string>;
  let db: Client;
  const processes: BackendProcess[] = [];

  beforeAll(async () => {
    schema = await createTestSchema();
    storageDir = mkdtempSync(join(tmpdir(), 'giftcast-crashes-'));
    storage = await startEmbeddedStorage(storageDir, BUCKET);
    env = {
      DATABASE_URL: schema.url,
      JOBS_SCHEMA: schema.jobsSchema,
      DATABASE_POOL_SIZE: '4',
      S3_ENDPOINT: storage.endpoint,
      S3_BUCKET: BUCKET,
      S3_ACCESS_KEY_ID: storage.accessKeyId,
      S3_SECRET_ACCESS_KEY: storage.secretAccessKey,
      OUTBOX_DIR: join(storageDir, 'outbox'),
      ADMIN_PASSWORD: PASSWORD,
      JWT_SECRET: 'crash-recovery-jwt-secret-0123456789abcdef',
      TRY_SERIAL_FROM: '9000',
      AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
    };
    // Migrations run as the first backend starts. It runs no jobs: each test's own processes are
    // the only ones that transcode, so none takes a job handed back before the test has read it.
    processes.push(await startBackendProcess({ ...env, ROLE: 'web' }));
    db = new Client({ connectionString: schema.url });
    await db.connect();
  });

  afterAll(async () => {
    for (const backend of processes) await backend.stop();
    await db?.end();
    await storage?.stop();
    rmSync(storageDir, { recursive: true, force: true });
    await schema?.drop();
  });

  async function backend(): Promise<BackendProcess> {
    const started = await startBackendProcess(env);
    processes.push(started);
    return started;
  }

  async function adminHeaders(url: string): Promise<Record<string, string>> {
    const login = await fetch(`${url}/api/admin/verify`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ password: PASSWORD }),
    });
    return { Authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
  }

  async function newCode(url: string): Promise<{ id: string; qrToken: string }> {
    const response = await fetch(`${url}/api/admin/qr`, {
      method: 'POST',
      headers: { ...(await adminHeaders(url)), 'Content-Type': 'application/json' },
      body: JSON.stringify({ count: 1 }),
    });
    return ((await response.json()) as { items: { id: string; qrToken: string }[] }).items[0];
  }

  async function row(codeId: string) {
    const { rows } = await db.query(
      `SELECT m.state, ${transcodeJobColumn(schema.jobsSchema)} AS job, m.job_attempts, m.failure_reason, q.status
         FROM qr_codes q LEFT JOIN video_messages m ON m.qr_code_id = q.id::text WHERE q.id = $1`,
      [codeId],
    );
    return rows[0] as {
      state: string | null;
      /** Its transcode job (support/transcode-jobs.ts). */
      job: 'running' | 'waiting' | 'waiting later' | null;
      job_attempts: number | null;
      failure_reason: string | null;
      status: string;
    };
  }

  const purge = (now: Date) => runPurge(env, now);

  it('hands a transcode stopped by SIGTERM back to the queue, unspent, and another process finishes it', async () => {
    const first = await backend();
    const code = await newCode(first.url);
    const clip = makeClip('mp4', 20, '1280x720');
    const form = new FormData();
    form.append('video', new Blob([new Uint8Array(clip)], { type: 'video/mp4' }), 'message.mp4');
    expect(
      (await fetch(`${first.url}/api/messages/${code.qrToken}/video`, { method: 'POST', body: form })).status,
    ).toBe(201);
    await eventually(
      () => row(code.id),
      (r) => r.job === 'running',
      'the job to be taken',
    );
    await first.stop();

    const handedBack = await row(code.id);
    expect(handedBack).toMatchObject({
      state: 'processing',
      job: 'waiting',
      job_attempts: 0,
      status: 'recorded',
    });

    const second = await backend();
    const ready = await eventually(
      async () =>
        (await (await fetch(`${second.url}/api/messages/${code.qrToken}`)).json()) as { message: { state: string } },
      (state) => state.message?.state === 'ready',
      'another process to finish it',
      120_000,
    );
    expect(ready.message.state).toBe('ready');
    await second.stop();
  }, 180_000);

  it('hands a transcode back, unspent, when SIGTERM reaches its whole process group, as Ctrl-C does', async () => {
    const started = await startBackendProcess(env, { ownProcessGroup: true });
    processes.push(started);
    const code = await newCode(started.url);
    const form = new FormData();
    form.append('video', new Blob([new Uint8Array(makeClip('mp4', 10, '1280x720'))], { type: 'video/mp4' }), 'a.mp4');
    expect(
      (await fetch(`${started.url}/api/messages/${code.qrToken}/video`, { method: 'POST', body: form })).status,
    ).toBe(201);
    await eventually(
      () => childProcessesOf(started.child.pid!, 'ffmpeg'),
      (ffmpeg) => ffmpeg.length > 0,
      'ffmpeg to run',
    );
    const exited = new Promise((done) => started.child.once('exit', done));
    process.kill(-started.child.pid!, 'SIGTERM');
    await exited;

    expect(await row(code.id)).toMatchObject({
      state: 'processing',
      job: 'waiting',
      job_attempts: 0,
      failure_reason: null,
      status: 'recorded',
    });
  }, 120_000);

  it('finishes an upload in flight when told to stop (SIGTERM), then exits', async () => {
    const leaving = await backend();
    const code = await newCode(leaving.url);
    const body = multipartBody([
      {
        name: 'video',
        filename: 'message.webm',
        type: 'video/webm',
        data: Buffer.concat([makeClip('webm'), Buffer.alloc(2e6)]),
      },
    ]);
    const { hostname, port } = new URL(leaving.url);
    const socket = connect(Number(port), hostname);
    let answer = '';
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
    socket.on('error', () => undefined);
    socket.write(
      `POST /api/messages/${code.qrToken}/video HTTP/1.1\r\nHost: ${hostname}\r\n` +
        `Content-Type: ${multipartType()}\r\nContent-Length: ${body.length}\r\n\r\n`,
    );
    socket.write(body.subarray(0, 1e6));
    await eventually(
      () => row(code.id),
      (r) => r.state === 'uploading',
      'the upload to begin',
    );
    const stopped = leaving.stop();
    await new Promise((r) => setTimeout(r, 500));
    expect(leaving.child.exitCode).toBeNull();
    socket.write(body.subarray(1e6));
    await stopped;
    expect(answer).toMatch(/^HTTP\/1\.1 201 /);
    expect(leaving.child.signalCode).not.toBe('SIGKILL'); // it stopped by itself, not killed at the deadline
    expect(['processing', 'ready']).toContain((await row(code.id)).state);
    expect((await row(code.id)).status).toBe('recorded');
  }, 60_000);

  it('frees the code of an upload cut off by kill -9 once the upload is stale', async () => {
    const doomed = await backend();
    const code = await newCode(doomed.url);
    const body = multipartBody([
      {
        name: 'video',
        filename: 'message.webm',
        type: 'video/webm',
        data: Buffer.concat([makeClip('webm'), Buffer.alloc(3e6)]),
      },
    ]);
    const { hostname, port } = new URL(doomed.url);
    const socket = connect(Number(port), hostname);
    socket.on('error', () => undefined);
    socket.write(
      `POST /api/messages/${code.qrToken}/video HTTP/1.1\r\nHost: ${hostname}\r\n` +
        `Content-Type: ${multipartType()}\r\nContent-Length: ${body.length}\r\n\r\n`,
    );
    socket.write(body.subarray(0, 1e6));
    await eventually(
      () => row(code.id),
      (r) => r.state === 'uploading',
      'the upload to begin',
    );
    doomed.child.kill('SIGKILL');
    await new Promise((r) => doomed.child.once('exit', r));
    socket.destroy();
    expect(await row(code.id)).toMatchObject({ state: 'uploading', status: 'recorded' });

    // Not while it could still be an upload in progress on another replica...
    expect((await purge(new Date(Date.now() + 5 * MINUTE))).staleUploads).toBe(0);
    // ...but once no request can have lasted that long.
    expect((await purge(new Date(Date.now() + 40 * MINUTE))).staleUploads).toBe(1);
    expect(await row(code.id)).toMatchObject({ state: null, status: 'unused' });
  }, 120_000);

  it('frees a recorded code that no message holds, once it has been so for a while', async () => {
    const url = processes[0].url;
    const [stranded, fresh, held] = [await newCode(url), await newCode(url), await newCode(url)];
    // What a crash between the code store and the database can leave (the Firestore store).
    await db.query(`UPDATE qr_codes SET status = 'recorded', updated_at = now() - interval '1 hour' WHERE id = $1`, [
      stranded.id,
    ]);
    await db.query(`UPDATE qr_codes SET status = 'recorded' WHERE id = $1`, [fresh.id]);
    await db.query(`UPDATE qr_codes SET status = 'recorded', updated_at = now() - interval '1 hour' WHERE id = $1`, [
      held.id,
    ]);
    await db.query(
      `INSERT INTO video_messages (qr_code_id, serial_number, state, owner_key_hash) VALUES ($1, '9999', 'ready', 'x')`,
      [held.id],
    );
    const report = await purge(new Date());
    expect(report.repairedCodes).toBe(1);
    expect((await row(stranded.id)).status).toBe('unused');
    expect((await row(fresh.id)).status).toBe('recorded');
    expect((await row(held.id)).status).toBe('recorded');
  }, 60_000);

  it('fails a job that its processes died on three times, keeping the reason and freeing the code', async () => {
    await backend(); // a worker
    const code = await newCode(processes[0].url);
    await db.query(`UPDATE qr_codes SET status = 'recorded' WHERE id = $1`, [code.id]);
    // Three attempts counted, none finished, and its job lost with the last process (no job left).
    await db.query(
      `INSERT INTO video_messages (qr_code_id, serial_number, state, owner_key_hash, original_key, original_mime_type,
                                   job_attempts)
       VALUES ($1, '9998', 'processing', 'x', 'k', 'video/webm', 3)`,
      [code.id],
    );
    // The purge's sweep queues its job again, and the worker that takes it fails the video.
    const report = await purge(new Date());
    expect(report.requeuedJobs).toBe(1);
    expect((await purge(new Date())).requeuedJobs).toBe(0);
    await eventually(
      () => row(code.id),
      (r) => r.state === 'failed',
      'the worker to fail it',
    );
    expect(await row(code.id)).toMatchObject({
      state: 'failed',
      failure_reason: 'unreadable',
      status: 'unused',
      job: null,
    });
  }, 60_000);
});

describe('the purge after the database dropped out', () => {
  it('runs again at the next turn instead of skipping every run for good', async () => {
    const schema = await createTestSchema();
    const database = new URL(TEST_DATABASE_URL);
    const outage = await new TcpOutage(database.hostname, Number(database.port || 5432)).start();
    const viaProxy = new URL(schema.url);
    viaProxy.host = `127.0.0.1:${outage.port}`;
    const t = await startTestApp({ DATABASE_URL: viaProxy.toString() }, { schema });
    try {
      const job = t.app.get(PurgeExpiredJob);
      outage.goDown();
      await expect(job.run()).rejects.toThrow();
      outage.comeBack();
      // A turn may still meet a pooled connection the outage cut before the pool saw it go: that
      // turn fails, and a later one runs. What must not happen is every later turn skipping.
      const nextRun = await eventually(
        () => job.run().catch((error: unknown) => ({ failed: String(error) })),
        (outcome) => !('failed' in outcome),
        'a purge run that does not fail',
        10_000,
        200,
      );
      expect(nextRun).toMatchObject({ skipped: false });
    } finally {
      outage.comeBack();
      await t.close();
      await outage.stop();
      await schema.drop();
    }
  }, 60_000);
});
