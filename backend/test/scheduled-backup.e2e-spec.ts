import { spawn } from 'node:child_process';
import { once } from 'node:events';
import {
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { snapshots } from '../src/backup/restic';
import { backupOnSchedule, type Clock, extractSnapshot, repositories } from '../src/backup/scheduled-backup';
import { type BackupEnv, parseBackupConfig } from '../src/config/config.schema';
import { startEmbeddedStorage } from '../src/local/embedded-storage';
import { fullPost, uniqueEmail } from './support/factories';
import { isRunning } from './support/processes';
import { BUCKET, contentOf, login, runScript, type Stack, startBackendOn } from './support/restored-stack';
import { startTestApp, type TestApp } from './support/test-app';
import { createTestDatabase, type TestSchema } from './support/test-database';
import { makeClip } from './support/video-fixtures';

/** A clock the test sets: each wait of the schedule moves it to the time waited for, at once. */
class TestClock implements Clock {
  readonly waits: Date[] = [];
  /** Called before the schedule's n-th wait ends (the night's backup then runs). */
  beforeNight: (night: number) => Promise<void> = () => Promise.resolve();
  private nightsWanted = 0;
  private reached: () => void = () => undefined;

  constructor(private current: Date) {}

  now(): Date {
    return new Date(this.current);
  }

  async sleepUntil(when: Date, signal: AbortSignal): Promise<void> {
    this.waits.push(when);
    if (this.waits.length > this.nightsWanted) {
      // The nights asked for have run: wait here until the test stops the schedule.
      this.reached();
      await new Promise((_, reject) => signal.addEventListener('abort', () => reject(signal.reason as Error)));
    }
    await this.beforeNight(this.waits.length);
    this.current = when;
  }

  /** Runs the schedule for `nights` nights, then stops it; the lines it logged. */
  async runNights(env: BackupEnv, nights: number): Promise<string[]> {
    this.nightsWanted = this.waits.length + nights;
    const log: string[] = [];
    const stop = new AbortController();
    const done = new Promise<void>((resolve) => (this.reached = resolve));
    const schedule = backupOnSchedule(env, { clock: this, signal: stop.signal, log: (line) => log.push(line) });
    await Promise.race([done, schedule]);
    stop.abort();
    await schedule;
    return log;
  }
}

/** Local time, as BACKUP_HOUR means it. */
const local = (day: number, hour: number) => new Date(2026, 2, day, hour, 0, 0, 0);

describe('scheduled backups (the backup service: deploy/backup.sh into restic)', () => {
  const scratch = mkdtempSync(join(tmpdir(), 'giftcast-scheduled-backup-'));
  const certificates = join(scratch, 'letsencrypt');
  const privateKey = '-----BEGIN PRIVATE KEY-----\nnot a real key\n-----END PRIVATE KEY-----\n';
  let sourceDatabase: TestSchema;
  let source: TestApp;
  let env: BackupEnv;
  let recordedCode: string;
  let secondNight: Awaited<ReturnType<typeof contentOf>>;
  let video: Buffer;
  const cleanups: (() => Promise<unknown>)[] = [];

  function backupEnv(overrides: Record<string, string> = {}): BackupEnv {
    return parseBackupConfig(backupSettings(overrides));
  }

  /** The settings of the backup service, as its environment holds them. */
  function backupSettings(overrides: Record<string, string> = {}): Record<string, string> {
    return {
      BACKUP_REPOSITORY: join(scratch, 'repository'),
      BACKUP_COPY_REPOSITORY: join(scratch, 'second-location'),
      BACKUP_WORK_DIR: join(scratch, 'work'),
      BACKUP_CERTIFICATES_DIR: certificates,
      BACKUP_HOUR: '3',
      BACKUP_KEEP_DAYS: '1',
      BACKUP_PASSWORD: 'Xq7!b9Lm-2Zr#4Tp8wKc-restic',
      DATABASE_URL: sourceDatabase.url,
      S3_ENDPOINT: source.storage.endpoint,
      S3_BUCKET: BUCKET,
      S3_ACCESS_KEY_ID: source.storage.accessKeyId,
      S3_SECRET_ACCESS_KEY: source.storage.secretAccessKey,
      ...overrides,
    };
  }

  beforeAll(async () => {
    sourceDatabase = await createTestDatabase();
    cleanups.push(sourceDatabase.drop);
    source = await startTestApp({}, { schema: sourceDatabase });
    const auth = { Authorization: `Bearer ${await source.adminToken()}` };
    await source.http
      .post('/api/posts')
      .set(auth)
      .send(fullPost({ title: '첫날 밤의 글' }))
      .expect(201);
    await source.http.post('/api/subscribe').send({ email: uniqueEmail() }).expect(200);
    const [code] = (await source.http.post('/api/admin/qr').set(auth).send({ count: 1, pool: 'print' }).expect(201))
      .body.items as { qrToken: string }[];
    recordedCode = code.qrToken;
    await source.http
      .post(`/api/messages/${recordedCode}/video`)
      .attach('video', makeClip('webm'), { filename: 'message.webm', contentType: 'video/webm' })
      .expect(201);
    const deadline = Date.now() + 45_000;
    while ((await source.http.get(`/api/messages/${recordedCode}`)).body.message?.state !== 'ready') {
      if (Date.now() > deadline) throw new Error('the message was not transcoded in time');
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    // certbot's layout: live/<host>/ holds links into archive/<host>/, the key readable by its owner alone.
    mkdirSync(join(certificates, 'archive/giftcast.test'), { recursive: true });
    mkdirSync(join(certificates, 'live/giftcast.test'), { recursive: true });
    writeFileSync(join(certificates, 'archive/giftcast.test/privkey1.pem'), privateKey, { mode: 0o600 });
    symlinkSync('../../archive/giftcast.test/privkey1.pem', join(certificates, 'live/giftcast.test/privkey.pem'));
    env = backupEnv();
  });

  afterAll(async () => {
    await source?.close();
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
    rmSync(scratch, { recursive: true, force: true });
  });

  it('runs at BACKUP_HOUR on two nights, and keeps only the last BACKUP_KEEP_DAYS days, here and in the second location', async () => {
    const clock = new TestClock(local(1, 10));
    clock.beforeNight = async (night) => {
      if (night !== 2) return;
      // Between the two nights the site goes on: the second backup must hold this post too.
      const auth = { Authorization: `Bearer ${await source.adminToken()}` };
      await source.http
        .post('/api/posts')
        .set(auth)
        .send(fullPost({ title: '둘째 날 밤의 글' }))
        .expect(201);
      secondNight = await contentOf(source.url, await source.adminToken(), recordedCode);
      video = (await source.http.get(secondNight.message.message.videoUrl).buffer(true).expect(200)).body as Buffer;
    };

    const log = await clock.runNights(env, 2);

    expect(clock.waits.slice(0, 2)).toEqual([local(2, 3), local(3, 3)]);
    expect(log.filter((line) => line.includes('stored'))).toHaveLength(2);
    expect(log.filter((line) => line.includes('failed'))).toEqual([]);
    const { primary, copy } = repositories(env);
    for (const repository of [primary, copy!]) {
      const kept = await snapshots(repository);
      expect(kept.map(({ time }) => new Date(time))).toEqual([local(3, 3)]);
    }
    // Nothing of the night's copy is left in the work folder.
    expect(readdirSync(env.BACKUP_WORK_DIR)).toEqual([]);
  });

  it('restores the newest backup into an empty database and bucket: the second night’s content, its video and the certificates', async () => {
    const folder = await extractSnapshot(env, 'latest', join(scratch, 'restored'));
    expect(folder).toMatch(/restored\/2026-03-03T\d{6}Z$/);
    expect(readdirSync(folder).sort()).toEqual(['bucket', 'bucket.json', 'certificates', 'database.dump']);
    const key = join(folder, 'certificates/live/giftcast.test/privkey.pem');
    expect(lstatSync(key).isSymbolicLink()).toBe(true);
    expect(readlinkSync(key)).toBe('../../archive/giftcast.test/privkey1.pem');
    expect(readFileSync(key, 'utf8')).toBe(privateKey);
    expect(lstatSync(join(folder, 'certificates/archive/giftcast.test/privkey1.pem')).mode & 0o777).toBe(0o600);

    const database = await createTestDatabase();
    cleanups.push(database.drop);
    const storage = await startEmbeddedStorage(mkdtempSync(join(scratch, 's3-')), BUCKET);
    cleanups.push(storage.stop);
    const target: Stack = { databaseUrl: database.url, storage };
    const restored = await runScript('restore.sh', [folder], target);
    expect(restored.stderr).toBe('');
    expect(restored.status).toBe(0);

    const backend = await startBackendOn(target, join(scratch, 'outbox'));
    cleanups.push(backend.stop);
    const after = await contentOf(backend.url, await login(backend.url), recordedCode);
    expect(after).toEqual(secondNight);
    expect((after.posts as unknown as { title: string }[]).map(({ title }) => title).sort()).toEqual([
      '둘째 날 밤의 글',
      '첫날 밤의 글',
    ]);
    const played = await fetch(`${backend.url}${after.message.message.videoUrl}`);
    expect(Buffer.from(await played.arrayBuffer()).equals(video)).toBe(true);
  });

  it('logs a night that fails and still runs the next one', async () => {
    const failing = backupEnv({
      BACKUP_REPOSITORY: join(scratch, 'repository-after-failure'),
      BACKUP_COPY_REPOSITORY: '',
      DATABASE_URL: 'postgres://postgres@127.0.0.1:1/nothing-listens-here',
    });
    const clock = new TestClock(local(10, 4));
    clock.beforeNight = (night) => {
      if (night === 2) failing.DATABASE_URL = env.DATABASE_URL;
      return Promise.resolve();
    };

    const log = await clock.runNights(failing, 2);

    expect(log.filter((line) => line.includes('failed'))).toEqual([
      expect.stringMatching(/^backup of .* failed: deploy\/backup\.sh failed: /),
    ]);
    expect(await snapshots(repositories(failing).primary)).toEqual([
      expect.objectContaining({ time: expect.any(String) }),
    ]);
    expect(clock.waits.slice(0, 2)).toEqual([local(11, 3), local(12, 3)]);
  });

  it('a backup by hand that is stopped (Ctrl-C, the service stopping) ends with what its script started', async () => {
    // A pg_dump that hangs, as on a database that stopped answering.
    const bin = join(scratch, 'hanging-bin');
    const pidFile = join(scratch, 'pg_dump.pid');
    mkdirSync(bin, { recursive: true });
    writeFileSync(join(bin, 'pg_dump'), `#!/bin/sh\necho $$ > ${pidFile}\nexec sleep 300\n`, { mode: 0o755 });
    const cli = spawn(process.execPath, [resolve(__dirname, '../dist/backup/backup-cli.js'), 'now'], {
      env: { ...process.env, ...backupSettings({ BACKUP_COPY_REPOSITORY: '' }), PATH: `${bin}:${process.env.PATH}` },
      stdio: 'ignore',
    });
    const exited = once(cli, 'exit');
    while (!existsSync(pidFile) || !readFileSync(pidFile, 'utf8').trim()) await sleep(20);
    const dump = Number(readFileSync(pidFile, 'utf8'));

    // To the CLI alone, as docker sends its stop to the container's first process.
    cli.kill('SIGINT');
    const [code] = await exited;
    expect(code).toBe(1);
    // Its pg_dump goes with it, not left writing into a folder that is removed.
    while (isRunning(dump)) await sleep(20);
  });

  it('names a snapshot it does not have', async () => {
    await expect(extractSnapshot(env, 'ffffffff', join(scratch, 'nowhere'))).rejects.toThrow(
      /no snapshot ffffffff in .*repository$/,
    );
  });
});
