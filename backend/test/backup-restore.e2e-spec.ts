import { createHash } from 'node:crypto';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { Client } from 'pg';
import { startEmbeddedStorage } from '../src/local/embedded-storage';
import type { BackendProcess } from './support/backend-process';
import { fullPost, uniqueEmail, validInquiry, validPost } from './support/factories';
import { adminGet, BUCKET, contentOf, login, runScript, type Stack, startBackendOn } from './support/restored-stack';
import { startTestApp, type TestApp } from './support/test-app';
import { createTestDatabase as createDatabase, type TestSchema } from './support/test-database';
import { makeClip } from './support/video-fixtures';

describe('backup and restore (deploy/backup.sh, deploy/restore.sh)', () => {
  const scratch = mkdtempSync(join(tmpdir(), 'giftcast-backup-'));
  let source: TestApp | undefined;
  let sourceDatabase: TestSchema;
  let recordedCode: string;
  let before: Awaited<ReturnType<typeof contentOf>>;
  let video: Buffer;
  let poster: Buffer;
  const backups: Record<'native' | 'compose', string> = { native: '', compose: '' };
  const cleanups: (() => Promise<unknown>)[] = [];

  /** An empty database and a new, empty S3 server. */
  async function emptyStack(): Promise<Stack> {
    const database = await createDatabase();
    cleanups.push(database.drop);
    const storage = await startEmbeddedStorage(mkdtempSync(join(scratch, 's3-')), BUCKET);
    cleanups.push(storage.stop);
    return { databaseUrl: database.url, storage };
  }

  async function startBackend(stack: Stack): Promise<BackendProcess> {
    const backend = await startBackendOn(stack, join(scratch, 'outbox'));
    cleanups.push(backend.stop);
    return backend;
  }

  /** The one dated folder a backup run wrote under `root`, checked for its parts. */
  function writtenFolder(root: string): string {
    const folders = readdirSync(root);
    expect(folders).toEqual([expect.stringMatching(/^\d{4}-\d\d-\d\dT\d{6}Z$/)]);
    const folder = join(root, folders[0]);
    expect(readdirSync(folder).sort()).toEqual(['bucket', 'bucket.json', 'database.dump']);
    const dump = readFileSync(join(folder, 'database.dump'));
    expect(dump.subarray(0, 5).toString()).toBe('PGDMP');
    expect(JSON.parse(readFileSync(join(folder, 'bucket.json'), 'utf8')).database).toEqual({
      size: dump.length,
      sha256: createHash('sha256').update(dump).digest('hex'),
    });
    return folder;
  }

  /** A copy of the backup `folder` that `change` then damages or alters. */
  function changedCopy(folder: string, change: (copy: string) => void): string {
    const copy = join(mkdtempSync(join(scratch, 'changed-')), 'backup');
    cpSync(folder, copy, { recursive: true });
    change(copy);
    return copy;
  }

  /** One byte in the middle of the file turned over, its size unchanged. */
  function flipByte(path: string) {
    const bytes = readFileSync(path);
    bytes[bytes.length >> 1] ^= 0xff;
    writeFileSync(path, bytes);
  }

  /** The tables of the stack's database, and the keys in its bucket. */
  async function contentsOf(stack: Stack): Promise<{ tables: string[]; keys: string[] }> {
    const db = new Client({ connectionString: stack.databaseUrl });
    await db.connect();
    const s3 = new S3Client({
      endpoint: stack.storage.endpoint,
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: { accessKeyId: stack.storage.accessKeyId, secretAccessKey: stack.storage.secretAccessKey },
    });
    try {
      const { rows } = await db.query<{ name: string }>(
        `SELECT format('%s.%s', schemaname, tablename) AS name FROM pg_tables
         WHERE schemaname NOT IN ('pg_catalog', 'information_schema') ORDER BY 1`,
      );
      const page = await s3.send(new ListObjectsV2Command({ Bucket: BUCKET }));
      return { tables: rows.map(({ name }) => name), keys: (page.Contents ?? []).map(({ Key }) => Key!) };
    } finally {
      await db.end();
      s3.destroy();
    }
  }

  beforeAll(async () => {
    sourceDatabase = await createDatabase();
    cleanups.push(sourceDatabase.drop);
    const app = (source = await startTestApp({}, { schema: sourceDatabase }));
    const auth = { Authorization: `Bearer ${await app.adminToken()}` };
    await app.http.post('/api/posts').set(auth).send(fullPost()).expect(201);
    await app.http
      .post('/api/posts')
      .set(auth)
      .send(fullPost({ title: '두 번째 글' }))
      .expect(201);
    await app.http
      .post('/api/posts')
      .set(auth)
      .send(validPost({ published: false }))
      .expect(201);
    for (const language of ['ko', 'en', 'ko']) {
      await app.http.post('/api/subscribe').set('Accept-Language', language).send({ email: uniqueEmail() }).expect(200);
    }
    await app.http.post('/api/contact').send(validInquiry()).expect(201);
    await app.http.post('/api/partner').send(validInquiry()).expect(201);
    const tryCodes = (await app.http.post('/api/admin/qr').set(auth).send({ count: 3, pool: 'try' }).expect(201)).body
      .items;
    await app.http.post('/api/admin/qr').set(auth).send({ count: 2, pool: 'print' }).expect(201);
    await app.http.patch(`/api/admin/qr/${tryCodes[2].id}`).set(auth).send({ status: 'disabled' }).expect(200);

    // A /try code is taken (a fresh token) before it is recorded on.
    recordedCode = (await app.http.post(`/api/qr/${tryCodes[0].qrToken}/take`).expect(201)).body.qrToken;
    await app.http
      .post(`/api/messages/${recordedCode}/video`)
      .attach('video', makeClip('webm'), { filename: 'message.webm', contentType: 'video/webm' })
      .expect(201);
    const deadline = Date.now() + 45_000;
    while ((await app.http.get(`/api/messages/${recordedCode}`)).body.message?.state !== 'ready') {
      if (Date.now() > deadline) throw new Error('the message was not transcoded in time');
      await new Promise((r) => setTimeout(r, 200));
    }
    before = await contentOf(app.url, await app.adminToken(), recordedCode);
    video = (await app.http.get(before.message.message.videoUrl).buffer(true).expect(200)).body;
    poster = (await app.http.get(before.message.message.posterUrl).buffer(true).expect(200)).body;
  });

  afterAll(async () => {
    await source?.close();
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
    rmSync(scratch, { recursive: true, force: true });
  });

  it('writes the database dump and every object with its content type into a dated folder', async () => {
    const root = join(scratch, 'backups');
    // A password in the URL goes to PostgreSQL (which trusts this test client anyway), never to the output.
    const url = new URL(sourceDatabase.url);
    url.password = 'backup-secret%40';
    const stack = { databaseUrl: url.toString(), storage: source!.storage };
    const result = await runScript('backup.sh', [], stack, { BACKUP_ROOT: root });
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    expect(result.stdout).toContain('2 objects');
    expect(result.stdout + result.stderr).not.toContain('backup-secret');
    backups.native = writtenFolder(root);
    const { objects } = JSON.parse(readFileSync(join(backups.native, 'bucket.json'), 'utf8'));
    expect(objects.map((o: { contentType: string }) => o.contentType).sort()).toEqual(['image/jpeg', 'video/mp4']);
    const copy = objects.find((o: { contentType: string }) => o.contentType === 'video/mp4');
    expect(readFileSync(join(backups.native, 'bucket', copy.file)).equals(video)).toBe(true);
  });

  it('writes the same backup against the compose stack: pg_dump in the postgres service, the bucket copied by the backend image', async () => {
    const root = join(scratch, 'compose-backups');
    const stack = { databaseUrl: sourceDatabase.url, storage: source!.storage };
    const result = await runScript('backup.sh', ['--compose'], stack, { BACKUP_ROOT: root });
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    backups.compose = writtenFolder(root);
    const objectsOf = (folder: string) =>
      JSON.parse(readFileSync(join(folder, 'bucket.json'), 'utf8')).objects.map(
        ({ key, sha256, contentType }: Record<string, string>) => ({ key, sha256, contentType }),
      );
    expect(objectsOf(backups.compose)).toEqual(objectsOf(backups.native));
  });

  describe('into an empty database and an empty S3 server', () => {
    let target: Stack;
    let backend: BackendProcess;
    let token: string;

    beforeAll(async () => {
      target = await emptyStack();
      // The source is gone: everything below comes from the backup alone.
      await source!.close();
      source = undefined;
    });

    it('restores both, and the backend started on them serves every post, subscriber, code and inquiry', async () => {
      const result = await runScript('restore.sh', [backups.native], target);
      expect(result.stderr).toBe('');
      expect(result.status).toBe(0);
      expect(result.stdout).toContain('2 objects');

      backend = await startBackend(target);
      token = await login(backend.url);
      const after = await contentOf(backend.url, token, recordedCode);
      expect(after).toEqual(before);
      expect(after.posts).toHaveLength(3);
      expect(after.subscribers.total).toBe(3);
      expect(after.inquiries.total).toBe(2);
      expect(new Set(after.codes.items.map((code: { pool: string }) => code.pool))).toEqual(new Set(['try', 'print']));
      expect(after.codes.items.map((code: { status: string }) => code.status).sort()).toEqual([
        'disabled',
        'recorded',
        'unused',
        'unused',
        'unused',
      ]);
    });
    it('plays the restored message: a range of the video answers 206 with the same bytes, and its poster', async () => {
      const { message } = before.message;
      expect(message.state).toBe('ready');
      const range = await fetch(`${backend.url}${message.videoUrl}`, { headers: { Range: 'bytes=100-2099' } });
      expect(range.status).toBe(206);
      expect(range.headers.get('content-range')).toBe(`bytes 100-2099/${video.length}`);
      expect(Buffer.from(await range.arrayBuffer()).equals(video.subarray(100, 2100))).toBe(true);
      const whole = await fetch(`${backend.url}${message.videoUrl}`);
      expect(whole.headers.get('content-type')).toBe('video/mp4');
      expect(Buffer.from(await whole.arrayBuffer()).equals(video)).toBe(true);
      const image = await fetch(`${backend.url}${message.posterUrl}`);
      expect(image.status).toBe(200);
      expect(Buffer.from(await image.arrayBuffer()).equals(poster)).toBe(true);
    });

    it('continues the serial numbers after the restored codes', async () => {
      const highest = Math.max(
        ...before.codes.items.map((code: { serialNumber: string }) => Number(code.serialNumber)),
      );
      const response = await fetch(`${backend.url}/api/admin/qr`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ count: 1, pool: 'print' }),
      });
      expect(response.status).toBe(201);
      const { items } = (await response.json()) as { items: { serialNumber: string }[] };
      expect(Number(items[0].serialNumber)).toBe(highest + 1);
    });

    it('refuses to restore over a database with rows and a bucket with objects, and changes nothing', async () => {
      const result = await runScript('restore.sh', [backups.native], target);
      expect(result.status).toBe(1);
      expect(result.stdout).toBe('');
      expect(result.stderr).toContain('nothing restored, the target is not empty');
      expect(result.stderr).toMatch(/tables with rows: .*blog_posts/);
      expect(result.stderr).toContain('the bucket already holds objects');
      expect(result.stderr).toContain('--force');
      const codes = await adminGet(backend.url, '/api/admin/qr?pageSize=200', token);
      expect(codes.total).toBe(before.codes.total + 1);
    });

    it('restores the database alone into a new server beside the bucket it had (a PostgreSQL major upgrade)', async () => {
      const database = await createDatabase();
      cleanups.push(database.drop);
      const upgraded = { databaseUrl: database.url, storage: target.storage };
      const result = await runScript('restore.sh', ['--database-only', backups.native], upgraded);
      expect(result.stderr).toBe('');
      expect(result.status).toBe(0);
      expect(result.stdout).not.toContain('bucket:');

      const next = await startBackend(upgraded);
      expect(await contentOf(next.url, await login(next.url), recordedCode)).toEqual(before);
      const range = await fetch(`${next.url}${before.message.message.videoUrl}`, { headers: { Range: 'bytes=0-99' } });
      expect(range.status).toBe(206);
      expect(Buffer.from(await range.arrayBuffer()).equals(video.subarray(0, 100))).toBe(true);
    });
  });

  it('restores against the compose stack, whose backend already started once and made its empty tables, only with the backend and the worker stopped', async () => {
    const target = await emptyStack();
    const fresh = await startBackend(target);
    await fresh.stop();

    for (const service of ['backend', 'worker']) {
      const running = await runScript('restore.sh', ['--compose', backups.compose], target, {
        STAND_IN_RUNNING: `postgres,minio,${service}`,
      });
      expect([service, running.status]).toEqual([service, 1]);
      expect(running.stderr).toContain(`the ${service} is running: stop it first (docker compose stop backend worker)`);
    }

    const result = await runScript('restore.sh', ['--compose', backups.compose], target, {
      STAND_IN_RUNNING: 'postgres,minio',
    });
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    const backend = await startBackend(target);
    expect(await contentOf(backend.url, await login(backend.url), recordedCode)).toEqual(before);
  });

  describe('a damaged backup', () => {
    const modes = [
      { mode: 'native', args: [] as string[], extra: {} },
      { mode: 'compose', args: ['--compose'], extra: { STAND_IN_RUNNING: 'postgres,minio' } },
    ] as const;

    it.each(modes)(
      'restores nothing ($mode): an object whose copy differs from its SHA-256 is named before the database is written',
      async ({ mode, args, extra }) => {
        const { objects } = JSON.parse(readFileSync(join(backups[mode], 'bucket.json'), 'utf8'));
        const damaged = objects.find((o: { contentType: string }) => o.contentType === 'video/mp4');
        const folder = changedCopy(backups[mode], (copy) => flipByte(join(copy, 'bucket', damaged.file)));
        const target = await emptyStack();

        const result = await runScript('restore.sh', [...args, folder], target, extra);
        expect(result.status).toBe(1);
        expect(result.stderr).toContain(`${damaged.key}: its copy bucket/${damaged.file} does not match its SHA-256`);
        expect(result.stderr).toContain('nothing restored');
        expect(result.stdout).not.toContain('database: restored');
        expect(await contentsOf(target)).toEqual({ tables: [], keys: [] });
      },
    );

    it.each(modes)(
      'restores nothing ($mode): a database.dump that differs from its SHA-256 is named',
      async ({ mode, args, extra }) => {
        const folder = changedCopy(backups[mode], (copy) => flipByte(join(copy, 'database.dump')));
        const target = await emptyStack();

        const result = await runScript('restore.sh', [...args, folder], target, extra);
        expect(result.status).toBe(1);
        expect(result.stderr).toContain('database.dump: does not match its SHA-256');
        expect(result.stderr).toContain('nothing restored');
        expect(await contentsOf(target)).toEqual({ tables: [], keys: [] });

        // The database alone is checked as well.
        const alone = await runScript('restore.sh', [...args, '--database-only', folder], target, extra);
        expect(alone.status).toBe(1);
        expect(alone.stderr).toContain('database.dump: does not match its SHA-256');
        expect(await contentsOf(target)).toEqual({ tables: [], keys: [] });
      },
    );

    it('restores a backup written before the dump had a SHA-256, saying that the dump went unchecked', async () => {
      const folder = changedCopy(backups.native, (copy) => {
        const manifest = JSON.parse(readFileSync(join(copy, 'bucket.json'), 'utf8'));
        delete manifest.database;
        writeFileSync(join(copy, 'bucket.json'), JSON.stringify(manifest));
      });
      const target = await emptyStack();

      const result = await runScript('restore.sh', [folder], target);
      expect(result.status).toBe(0);
      expect(result.stderr).toContain('database.dump has no SHA-256 in bucket.json');
      expect(result.stdout).toContain('2 objects');
      const { tables, keys } = await contentsOf(target);
      expect(tables).toContain('public.blog_posts');
      expect(keys).toHaveLength(2);
    });
  });
});
