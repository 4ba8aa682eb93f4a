import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { isRunning } from '../../test/support/processes';
import { ensureRepository, restic } from './restic';
import { parseBackupConfig } from '../config/config.schema';
import { backupScriptEnvironment, nextRunAt, runScriptAsGroup } from './scheduled-backup';

describe('nextRunAt', () => {
  const at = (day: number, hour: number, minute = 0) => new Date(2026, 2, day, hour, minute, 0, 0);

  it('is today at the hour while the hour is still ahead', () => {
    expect(nextRunAt(at(1, 1, 59), 3)).toEqual(at(1, 3));
  });

  it('is tomorrow once the hour has begun, and at the hour itself', () => {
    expect(nextRunAt(at(1, 3), 3)).toEqual(at(2, 3));
    expect(nextRunAt(at(1, 3, 1), 3)).toEqual(at(2, 3));
    expect(nextRunAt(at(1, 23, 59), 0)).toEqual(at(2, 0));
  });

  it('crosses the end of a month', () => {
    expect(nextRunAt(new Date(2026, 1, 28, 12), 3)).toEqual(new Date(2026, 2, 1, 3));
  });
});

describe('backupScriptEnvironment', () => {
  const env = parseBackupConfig({
    BACKUP_REPOSITORY: '/backups/restic',
    BACKUP_WORK_DIR: '/work',
    DATABASE_URL: 'postgres://giftcast@db.internal:5432/giftcast',
    PGPASSWORD: 'a-database-password',
    S3_ACCESS_KEY_ID: 'giftcast-app',
    S3_SECRET_ACCESS_KEY: 'a-storage-secret',
  });
  const saved = { ...process.env };
  afterEach(() => (process.env = { ...saved }));

  it('hands deploy/backup.sh libpq’s TLS settings for pg_dump, and no other setting of the service', () => {
    Object.assign(process.env, { PGSSLMODE: 'verify-full', PGSSLROOTCERT: '/certs/ca.pem', JWT_SECRET: 'not-for-it' });
    const handed = backupScriptEnvironment(env, '/work/staging');
    expect(handed).toMatchObject({
      PGSSLMODE: 'verify-full',
      PGSSLROOTCERT: '/certs/ca.pem',
      DATABASE_URL: 'postgres://giftcast@db.internal:5432/giftcast',
      PGPASSWORD: 'a-database-password',
      BACKUP_ROOT: '/work/staging',
    });
    expect(handed).not.toHaveProperty('JWT_SECRET');
  });

  it('leaves libpq’s TLS settings out where the service has none', () => {
    delete process.env.PGSSLMODE;
    delete process.env.PGSSLROOTCERT;
    expect(Object.keys(backupScriptEnvironment(env, '/work/staging'))).not.toContain('PGSSLMODE');
  });
});

describe('restic', () => {
  const bin = mkdtempSync(join(tmpdir(), 'giftcast-restic-'));
  const path = process.env.PATH;
  // A restic that prints what it was given: its arguments, then the variables it reads.
  writeFileSync(
    join(bin, 'restic'),
    '#!/bin/sh\necho "$*"\necho "repository=$RESTIC_REPOSITORY password=${RESTIC_PASSWORD-unset} from=${RESTIC_FROM_PASSWORD-unset} key=${AWS_ACCESS_KEY_ID-unset}"\n',
  );
  chmodSync(join(bin, 'restic'), 0o755);
  beforeAll(() => (process.env.PATH = `${bin}:${path}`));
  afterAll(() => {
    process.env.PATH = path;
    rmSync(bin, { recursive: true, force: true });
  });

  it('hands the key over in the environment, never on the command line', async () => {
    const printed = await restic({ location: '/backups/restic', password: 'the-key' }, ['snapshots', '--json']);
    expect(printed).toBe('snapshots --json\nrepository=/backups/restic password=the-key from=unset key=unset\n');
  });

  it('opens a repository without a key as unencrypted, saying so to restic', async () => {
    const printed = await restic({ location: '/backups/restic' }, ['backup', '/work/giftcast']);
    expect(printed.split('\n')[0]).toBe('backup --insecure-no-password /work/giftcast');
    expect(printed).toContain('password=unset');
  });

  it('copies with the source’s key and the second location’s S3 keys', async () => {
    const printed = await restic(
      {
        location: 's3:https://s3.example.net/b/giftcast',
        password: 'the-key',
        accessKeyId: 'AKIA',
        secretAccessKey: 's',
      },
      ['copy', 'abc'],
      { from: { location: '/backups/restic', password: 'the-key' } },
    );
    expect(printed).toBe(
      'copy abc\nrepository=s3:https://s3.example.net/b/giftcast password=the-key from=the-key key=AKIA\n',
    );
  });

  it('stops checking for the repository when aborted, and creates none', async () => {
    const calls = join(bin, 'calls');
    // A store that never answers: restic keeps retrying, as it does against an unreachable one.
    writeFileSync(join(bin, 'restic'), `#!/bin/sh\necho "$1" >> ${calls}\nexec sleep 300\n`);
    const stop = new AbortController();
    const ensured = ensureRepository({ location: 's3:https://unreachable.example/b' }, { signal: stop.signal });
    while (!existsSync(calls)) await sleep(10);
    stop.abort();
    await expect(ensured).rejects.toThrow();
    expect(readFileSync(calls, 'utf8')).toBe('cat\n');
  });

  it('names the repository and restic’s complaint when it fails', async () => {
    writeFileSync(join(bin, 'restic'), '#!/bin/sh\necho "Fatal: wrong password or no key found" >&2\nexit 1\n');
    await expect(restic({ location: '/backups/restic', password: 'x' }, ['snapshots'])).rejects.toThrow(
      'restic snapshots on /backups/restic failed: Fatal: wrong password or no key found',
    );
  });
});

describe('runScriptAsGroup', () => {
  const dir = mkdtempSync(join(tmpdir(), 'giftcast-backup-script-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('ends the script and what it started when aborted', async () => {
    const script = join(dir, 'slow.sh');
    const pidFile = join(dir, 'child.pid');
    // Like pg_dump under deploy/backup.sh: a child the script waits for.
    writeFileSync(script, `sleep 300 & echo $! > ${pidFile}\nwait\n`);
    const stop = new AbortController();
    const ran = runScriptAsGroup(script, { env: process.env, signal: stop.signal, timeoutMs: 3_600_000 });
    while (!existsSync(pidFile) || !readFileSync(pidFile, 'utf8').trim()) await sleep(10);
    const child = Number(readFileSync(pidFile, 'utf8'));
    expect(isRunning(child)).toBe(true);

    stop.abort();
    await expect(ran).rejects.toThrow(/SIGTERM/);
    while (isRunning(child)) await sleep(10);
  });

  it("rejects with the end of the script's stderr when it fails", async () => {
    const script = join(dir, 'failing.sh');
    writeFileSync(script, 'echo "pg_dump: connection refused" >&2\nexit 3\n');
    await expect(runScriptAsGroup(script, { env: process.env, timeoutMs: 3_600_000 })).rejects.toMatchObject({
      message: expect.stringMatching(/exit code 3/),
      stderr: 'pg_dump: connection refused\n',
    });
  });
});
