import { cpSync, existsSync, mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { errorMessage } from '../common/error-message';
import { startProcessGroup } from '../common/process-group';
import type { BackupEnv } from '../config/config.schema';
import { ensureRepository, type ResticRepository, restic, SNAPSHOT_HOST, type Snapshot, snapshots } from './restic';

/** deploy/backup.sh: the database (pg_dump) and the bucket into a folder, as `make backup` writes it. */
const BACKUP_SCRIPT = resolve(__dirname, '../../../deploy/backup.sh');

/** Longest deploy/backup.sh may take (a large bucket on a slow disk), never into the next night. */
const BACKUP_SCRIPT_TIMEOUT_MS = 20 * 3600 * 1000;

/**
 * Runs a bash script in a process group of its own (common/process-group.ts): an abort or the
 * timeout ends the script and what it started (pg_dump, the bucket copy), which a signal to bash
 * alone would leave running into a folder that is being removed. SIGTERM, which lets the script's
 * EXIT trap remove what it wrote. Rejects with the end of the script's stderr.
 */
export async function runScriptAsGroup(
  script: string,
  { env, signal, timeoutMs }: { env: NodeJS.ProcessEnv; signal?: AbortSignal; timeoutMs: number },
): Promise<void> {
  const end = await startProcessGroup('bash', [script], {
    name: script,
    env,
    timeoutMs,
    timeoutReason: () => new Error(`ran longer than ${timeoutMs / 1000} s`),
    signal,
    stopWith: 'SIGTERM',
    stderrTail: 16_000,
  }).ended;
  if (end.code === 0) return;
  const why = end.stopped ? ` (${end.stopped.message})` : '';
  throw Object.assign(new Error(`${script} ended with ${end.signal ?? `exit code ${end.code}`}${why}`), {
    stderr: end.stderr,
  });
}

/** What the schedule waits with: the system's clock, or one a test sets. */
export interface Clock {
  now(): Date;
  /** Resolves at `when`; rejects with an AbortError once `signal` aborts. */
  sleepUntil(when: Date, signal: AbortSignal): Promise<void>;
}

export const systemClock: Clock = {
  now: () => new Date(),
  sleepUntil: (when, signal) => sleep(Math.max(0, when.getTime() - Date.now()), undefined, { signal }),
};

/** The first `hour`:00 (local time, TZ) after `now`. */
export function nextRunAt(now: Date, hour: number): Date {
  const next = new Date(now);
  next.setHours(hour, 0, 0, 0);
  if (next <= now) next.setDate(next.getDate() + 1);
  return next;
}

export function repositories(env: BackupEnv): { primary: ResticRepository; copy?: ResticRepository } {
  return {
    primary: { location: env.BACKUP_REPOSITORY, password: env.BACKUP_PASSWORD },
    copy: env.BACKUP_COPY_REPOSITORY
      ? {
          location: env.BACKUP_COPY_REPOSITORY,
          password: env.BACKUP_PASSWORD,
          accessKeyId: env.BACKUP_COPY_ACCESS_KEY_ID,
          secretAccessKey: env.BACKUP_COPY_SECRET_ACCESS_KEY,
        }
      : undefined,
  };
}

/** `2026-03-02 03:00:00` in local time, as `restic backup --time` reads it. */
function resticTime(at: Date): string {
  const two = (value: number) => String(value).padStart(2, '0');
  return `${at.getFullYear()}-${two(at.getMonth() + 1)}-${two(at.getDate())} ${two(at.getHours())}:${two(at.getMinutes())}:${two(at.getSeconds())}`;
}

/** libpq's own settings pg_dump reads for TLS to a managed PostgreSQL (docs/deployment.md). */
const LIBPQ_TLS = ['PGSSLMODE', 'PGSSLROOTCERT'] as const;

/**
 * What deploy/backup.sh reads, as this service was given it (secrets read from their files), and
 * nothing else of this process's environment but PATH, HOME and libpq's TLS settings.
 */
export function backupScriptEnvironment(env: BackupEnv, root: string): NodeJS.ProcessEnv {
  const settings: Record<string, string | boolean | undefined> = {
    DATABASE_URL: env.DATABASE_URL,
    PGPASSWORD: env.PGPASSWORD,
    S3_ENDPOINT: env.S3_ENDPOINT,
    S3_REGION: env.S3_REGION,
    S3_BUCKET: env.S3_BUCKET,
    S3_ACCESS_KEY_ID: env.S3_ACCESS_KEY_ID,
    S3_SECRET_ACCESS_KEY: env.S3_SECRET_ACCESS_KEY,
    S3_FORCE_PATH_STYLE: String(env.S3_FORCE_PATH_STYLE),
    ...Object.fromEntries(LIBPQ_TLS.map((name) => [name, process.env[name]])),
  };
  const defined = Object.entries(settings).filter(([, value]) => value !== undefined && value !== '');
  return { PATH: process.env.PATH, HOME: process.env.HOME, BACKUP_ROOT: root, ...Object.fromEntries(defined) };
}

/**
 * One backup, dated `at`: deploy/backup.sh writes the database and the bucket into the work folder,
 * certbot's certificates join them, restic stores the folder (only what changed since the last
 * night is added), then forgets what is past BACKUP_KEEP_DAYS and prunes it; the same in the copy's
 * repository when there is one. Returns the new snapshot's id.
 */
export async function runBackup(env: BackupEnv, at: Date, signal?: AbortSignal): Promise<string> {
  const { primary, copy } = repositories(env);
  const staging = join(env.BACKUP_WORK_DIR, 'staging');
  // Always the same folder, so that restic compares each night with the one before.
  const current = join(env.BACKUP_WORK_DIR, 'giftcast');
  rmSync(staging, { recursive: true, force: true });
  rmSync(current, { recursive: true, force: true });
  mkdirSync(staging, { recursive: true });
  try {
    await runScriptAsGroup(BACKUP_SCRIPT, {
      env: backupScriptEnvironment(env, staging),
      signal,
      timeoutMs: BACKUP_SCRIPT_TIMEOUT_MS,
    }).catch((error: unknown) => {
      const { stderr } = error as { stderr?: string };
      throw new Error(`deploy/backup.sh failed: ${stderr?.trim() || errorMessage(error)}`);
    });
    const [written] = readdirSync(staging).filter((name) => !name.endsWith('.partial'));
    if (!written) throw new Error('deploy/backup.sh wrote no backup folder');
    renameSync(join(staging, written), current);
    if (env.BACKUP_CERTIFICATES_DIR && existsSync(env.BACKUP_CERTIFICATES_DIR)) {
      // Let's Encrypt's live/ names are links into archive/: kept as links.
      cpSync(env.BACKUP_CERTIFICATES_DIR, join(current, 'certificates'), {
        recursive: true,
        preserveTimestamps: true,
        verbatimSymlinks: true,
      });
    }

    await ensureRepository(primary, { signal });
    const summary = (
      await restic(
        primary,
        ['backup', '--json', '--host', SNAPSHOT_HOST, '--tag', 'giftcast', '--time', resticTime(at), current],
        { signal },
      )
    )
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { message_type?: string; snapshot_id?: string })
      .find((message) => message.message_type === 'summary');
    if (!summary?.snapshot_id) throw new Error('restic backup reported no snapshot');
    await forgetPastRetention(primary, env.BACKUP_KEEP_DAYS, signal);

    if (copy) {
      await ensureRepository(copy, { copyOf: primary, signal });
      await restic(copy, ['copy', summary.snapshot_id], { from: primary, signal });
      await forgetPastRetention(copy, env.BACKUP_KEEP_DAYS, signal);
    }
    return summary.snapshot_id;
  } finally {
    rmSync(staging, { recursive: true, force: true });
    rmSync(current, { recursive: true, force: true });
  }
}

/** One snapshot a day for the last `days` days with backups; the rest forgotten and their data pruned. */
function forgetPastRetention(repository: ResticRepository, days: number, signal?: AbortSignal): Promise<string> {
  return restic(repository, ['forget', '--host', SNAPSHOT_HOST, '--keep-daily', String(days), '--prune'], {
    signal,
  });
}

/**
 * Every night at BACKUP_HOUR, until `signal` aborts. A night that fails is logged and the next one
 * runs as planned: the schedule itself never stops on an error.
 */
export async function backupOnSchedule(
  env: BackupEnv,
  { clock = systemClock, signal, log }: { clock?: Clock; signal: AbortSignal; log: (line: string) => void },
): Promise<void> {
  while (!signal.aborted) {
    const at = nextRunAt(clock.now(), env.BACKUP_HOUR);
    log(`next backup at ${at.toISOString()}`);
    try {
      await clock.sleepUntil(at, signal);
    } catch (error) {
      if (signal.aborted) return;
      throw error;
    }
    try {
      const id = await runBackup(env, at, signal);
      log(`backup ${id.slice(0, 8)} of ${at.toISOString()} stored; ${env.BACKUP_KEEP_DAYS} days kept`);
    } catch (error) {
      if (signal.aborted) return;
      log(`backup of ${at.toISOString()} failed: ${errorMessage(error)}`);
    }
  }
}

/** `2026-03-02T030000Z`, as deploy/backup.sh names its folders. */
function folderName(time: string): string {
  return new Date(time)
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replace(/:/g, '');
}

/**
 * The snapshot `which` (`latest`, or an id or its first characters) laid out under `into` as
 * deploy/backup.sh writes a backup (database.dump, bucket.json, bucket/), with certificates/ beside
 * them: a folder deploy/restore.sh restores. Returns the folder.
 */
export async function extractSnapshot(env: BackupEnv, which: string, into: string): Promise<string> {
  const { primary } = repositories(env);
  const all = await snapshots(primary);
  const snapshot: Snapshot | undefined =
    which === 'latest' ? all.at(-1) : all.find((candidate) => candidate.id.startsWith(which));
  if (!snapshot) throw new Error(`no snapshot ${which} in ${primary.location}`);
  const folder = join(into, folderName(snapshot.time));
  if (existsSync(folder)) throw new Error(`${folder} already exists`);
  const scratch = `${folder}.partial`;
  rmSync(scratch, { recursive: true, force: true });
  mkdirSync(scratch, { recursive: true, mode: 0o700 });
  try {
    await restic(primary, ['restore', snapshot.id, '--target', scratch]);
    renameSync(join(scratch, snapshot.paths[0]), folder);
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
  return folder;
}
