import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { Client } from 'pg';
import { type EmbeddedStorage, startEmbeddedStorage } from '../src/local/embedded-storage';
import { type BackendProcess, startBackendProcess } from './support/backend-process';
import { eventually } from './support/eventually';
import { validPost } from './support/factories';
import { TcpOutage } from './support/fault-proxy';
import { SmtpSink } from './support/smtp-sink';
import { createTestSchema, TEST_DATABASE_URL, type TestSchema } from './support/test-database';
import { makeClip } from './support/video-fixtures';

/**
 * PostgreSQL and the S3 server both go away and come back while uploads, transcodes, a
 * newsletter and the purge are under way. The backend (its own process, reaching both through
 * proxies that cut every connection) stays up and says it is degraded; once both are back every
 * job finishes, with nothing lost and nothing done twice.
 */
const BUCKET = 'giftcast-chaos';
const PASSWORD = 'chaos-test-password-1234';
const SUBSCRIBERS = 30;
const EXPIRED = 12;
const OUTAGE_MS = 6000;

describe('PostgreSQL and the S3 server down and back while work is under way', () => {
  let schema: TestSchema;
  let storageDir: string;
  let storage: EmbeddedStorage;
  let pgOutage: TcpOutage;
  let s3Outage: TcpOutage;
  let smtp: SmtpSink;
  let env: Record<string, string>;
  let backend: BackendProcess;
  let db: Client;
  let s3: S3Client;
  let auth: Record<string, string>;

  beforeAll(async () => {
    schema = await createTestSchema();
    storageDir = mkdtempSync(join(tmpdir(), 'giftcast-chaos-'));
    storage = await startEmbeddedStorage(storageDir, BUCKET);
    const database = new URL(TEST_DATABASE_URL);
    pgOutage = await new TcpOutage(database.hostname, Number(database.port || 5432)).start();
    const storageUrl = new URL(storage.endpoint);
    s3Outage = await new TcpOutage(storageUrl.hostname, Number(storageUrl.port)).start();
    smtp = await new SmtpSink().start();
    const viaProxy = new URL(schema.url);
    viaProxy.host = `127.0.0.1:${pgOutage.port}`;
    env = {
      DATABASE_URL: viaProxy.toString(),
      JOBS_SCHEMA: schema.jobsSchema,
      DATABASE_POOL_SIZE: '6',
      S3_ENDPOINT: `http://127.0.0.1:${s3Outage.port}`,
      S3_BUCKET: BUCKET,
      S3_ACCESS_KEY_ID: storage.accessKeyId,
      S3_SECRET_ACCESS_KEY: storage.secretAccessKey,
      SMTP_URL: smtp.url,
      ADMIN_PASSWORD: PASSWORD,
      JWT_SECRET: 'chaos-test-jwt-secret-0123456789abcdefgh',
      TRY_SERIAL_FROM: '9000',
      NEWSLETTER_POLL_SECONDS: '1',
      NEWSLETTER_LEASE_SECONDS: '5',
      NEWSLETTER_RETRY_SECONDS: '1',
      NEWSLETTER_BATCH_SIZE: '5',
      NEWSLETTER_SMTP_CONNECTIONS: '2',
      RATE_LIMIT_UPLOADS: '1000/1h',
      AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
    };
    backend = await startBackendProcess(env);
    db = new Client({ connectionString: schema.url });
    await db.connect();
    s3 = new S3Client({
      endpoint: storage.endpoint,
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: { accessKeyId: storage.accessKeyId, secretAccessKey: storage.secretAccessKey },
    });
    const login = await api('POST', '/api/admin/verify', { password: PASSWORD });
    auth = { Authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
  });

  afterAll(async () => {
    pgOutage?.comeBack();
    s3Outage?.comeBack();
    await backend?.stop();
    await db?.end();
    s3?.destroy();
    await smtp?.stop();
    await pgOutage?.stop();
    await s3Outage?.stop();
    await storage?.stop();
    rmSync(storageDir, { recursive: true, force: true });
    await schema?.drop();
  });

  function api(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
    return fetch(`${backend.url}${path}`, {
      method,
      headers: body === undefined ? headers : { ...headers, 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  }

  function upload(token: string, clip: Buffer) {
    const form = new FormData();
    form.append('video', new Blob([new Uint8Array(clip)], { type: 'video/webm' }), 'message.webm');
    return fetch(`${backend.url}/api/messages/${token}/video`, { method: 'POST', body: form });
  }

  function purge(): Promise<number | null> {
    return new Promise((done) => {
      const child = spawn(process.execPath, [resolve(__dirname, '../dist/video/purge-cli.js')], {
        env: { ...process.env, NODE_ENV: 'test', ...env },
        stdio: 'ignore',
      });
      child.on('exit', (code) => done(code));
    });
  }

  /** Messages past the retention, made directly with their objects, as if recorded 8 days ago. */
  async function seedExpired(codes: { id: string; serialNumber: string }[]): Promise<void> {
    for (const code of codes) {
      await db.query(`UPDATE qr_codes SET status = 'recorded' WHERE id = $1`, [code.id]);
      const {
        rows: [{ id }],
      } = await db.query(
        `INSERT INTO video_messages (qr_code_id, serial_number, state, owner_key_hash, size_bytes, created_at)
         VALUES ($1, $2, 'ready', 'x', 5, now() - interval '8 days') RETURNING id`,
        [code.id, code.serialNumber],
      );
      await db.query(`UPDATE video_messages SET video_key = $2, poster_key = $3 WHERE id = $1`, [
        id,
        `videos/${id}/video.mp4`,
        `videos/${id}/poster.jpg`,
      ]);
      for (const name of ['video.mp4', 'poster.jpg']) {
        await s3.send(new PutObjectCommand({ Bucket: BUCKET, Key: `videos/${id}/${name}`, Body: 'bytes' }));
      }
    }
  }

  it('stays up, reports degraded, and finishes every job once both are back, none twice', async () => {
    const clip = makeClip('webm');
    const codes = (await (await api('POST', '/api/admin/qr', { count: 8 + EXPIRED }, auth)).json()) as {
      items: { id: string; serialNumber: string; qrToken: string }[];
    };
    const [early, late, expired] = [codes.items.slice(0, 4), codes.items.slice(4, 8), codes.items.slice(8)];
    await seedExpired(expired);
    for (let i = 0; i < SUBSCRIBERS; i += 1) {
      await db.query(`INSERT INTO blog_subscribers (email, language, status) VALUES ($1, $2, 'active')`, [
        `reader-${i}@chaos.test`,
        i % 2 ? 'en' : 'ko',
      ]);
    }
    const post = (await (await api('POST', '/api/posts', validPost(), auth)).json()) as { id: string };

    // Work under way: four uploads taken (their transcodes queued), a newsletter half sent with
    // two mails in the SMTP server's hands, a purge starting.
    for (const code of early) expect((await upload(code.qrToken, clip)).status).toBe(201);
    smtp.holdAfter(10);
    expect((await api('PATCH', `/api/posts/${post.id}`, { published: true }, auth)).status).toBe(200);
    await eventually(
      () => smtp.heldCount,
      (held) => held >= 1,
      'mails waiting for the SMTP answer',
      120_000,
    );
    const purgeDuring = purge();

    pgOutage.goDown();
    s3Outage.goDown();
    const outageEnds = Date.now() + OUTAGE_MS;
    // The SMTP server accepts the mails in its hands now: they went, while nothing can record it.
    smtp.releaseHeld();
    const refused = await Promise.all(late.map((code) => upload(code.qrToken, clip)));
    expect(refused.map((r) => r.status)).toEqual(late.map(() => 503));
    const health = await api('GET', '/api/health');
    expect(health.status).toBe(503);
    expect(await health.json()).toMatchObject({
      status: 'degraded',
      checks: { database: 'down', storage: 'down' },
    });
    expect((await api('GET', '/api/posts?published=true')).status).toBe(503);
    await new Promise((r) => setTimeout(r, Math.max(0, outageEnds - Date.now())));
    expect(backend.child.exitCode).toBeNull();
    pgOutage.comeBack();
    s3Outage.comeBack();
    await purgeDuring;

    // Back: the givers whose uploads were refused try again.
    for (const code of late) expect((await upload(code.qrToken, clip)).status).toBe(201);
    expect(await purge()).toBe(0);

    const ready = await eventually(
      async () => (await db.query(`SELECT state, count(*)::int AS n FROM video_messages GROUP BY state`)).rows,
      (rows: { state: string; n: number }[]) => rows.length === 1 && rows[0].state === 'ready' && rows[0].n === 8,
      'every accepted upload to be transcoded',
      180_000,
    );
    expect(ready).toEqual([{ state: 'ready', n: 8 }]);

    const campaign = await eventually(
      async () => (await db.query(`SELECT finished_at FROM newsletter_campaigns`)).rows[0],
      (row: { finished_at: Date | null } | undefined) => Boolean(row?.finished_at),
      'the newsletter to finish',
      120_000,
    );
    expect(campaign?.finished_at).not.toBeNull();
    const recipients = smtp.mails.map((mail) => mail.envelopeTo.join(','));
    expect(recipients).toHaveLength(SUBSCRIBERS);
    expect(new Set(recipients).size).toBe(SUBSCRIBERS);
    const { rows: sends } = await db.query(`SELECT status, count(*)::int AS n FROM newsletter_sends GROUP BY status`);
    expect(sends).toEqual([{ status: 'sent', n: SUBSCRIBERS }]);

    const { rows: statuses } = await db.query(
      `SELECT status, count(*)::int AS n FROM qr_codes WHERE id = ANY($1::uuid[]) GROUP BY status ORDER BY status`,
      [codes.items.map((c) => c.id)],
    );
    expect(statuses).toEqual([
      { status: 'expired', n: EXPIRED },
      { status: 'recorded', n: 8 },
    ]);
    const { rows: messageIds } = await db.query(`SELECT id FROM video_messages`);
    const page = await s3.send(new ListObjectsV2Command({ Bucket: BUCKET, Prefix: 'videos/' }));
    const objectOwners = new Set((page.Contents ?? []).map((o) => o.Key!.split('/')[1]));
    expect(objectOwners).toEqual(new Set(messageIds.map((m: { id: string }) => m.id)));

    const after = await api('GET', '/api/health');
    expect(await after.json()).toEqual({ status: 'ok', checks: { database: 'up', storage: 'up', ffmpeg: 'up' } });
    expect(backend.child.exitCode).toBeNull();
  }, 300_000);
});
