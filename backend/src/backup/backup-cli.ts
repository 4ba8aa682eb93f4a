import { errorMessage } from '../common/error-message';
import { ConfigError, parseBackupConfig } from '../config/config.schema';
import { loadDotenv } from '../config/dotenv';
import { snapshots } from './restic';
import { backupOnSchedule, extractSnapshot, repositories, runBackup } from './scheduled-backup';

const USAGE = `The backup service (docker compose's backup profile): the database, the bucket and the certificates in a restic repository.
  backup-cli.js schedule                      every night at BACKUP_HOUR (TZ), BACKUP_KEEP_DAYS days kept
  backup-cli.js now                           one backup now, with the same retention
  backup-cli.js snapshots                     the backups kept, oldest first
  backup-cli.js extract <latest|id> <folder>  a backup as a folder deploy/restore.sh restores (and certificates/)`;

const log = (line: string) => console.log(`backup: ${line}`);

async function main(): Promise<number> {
  const [command, ...args] = process.argv.slice(2);
  const arity = { schedule: 0, now: 0, snapshots: 0, extract: 2 }[command ?? ''];
  if (arity === undefined || args.length !== arity) {
    console.error(USAGE);
    return 2;
  }
  loadDotenv();
  const env = parseBackupConfig(process.env);
  switch (command) {
    case 'schedule': {
      const stop = stopOnSignals();
      log(
        `every day at ${String(env.BACKUP_HOUR).padStart(2, '0')}:00 (${process.env.TZ || 'UTC'}) into ${env.BACKUP_REPOSITORY}` +
          `${env.BACKUP_COPY_REPOSITORY ? ` and ${env.BACKUP_COPY_REPOSITORY}` : ''}, ${env.BACKUP_KEEP_DAYS} days kept, ` +
          `${env.BACKUP_PASSWORD ? 'encrypted' : 'not encrypted (no BACKUP_PASSWORD)'}`,
      );
      await backupOnSchedule(env, { signal: stop.signal, log });
      return 0;
    }
    case 'now': {
      const stop = stopOnSignals();
      const at = new Date();
      log(`backup ${(await runBackup(env, at, stop.signal)).slice(0, 8)} of ${at.toISOString()} stored`);
      return 0;
    }
    case 'snapshots':
      for (const { id, time } of await snapshots(repositories(env).primary)) console.log(`${id.slice(0, 8)}  ${time}`);
      return 0;
    default: {
      const folder = await extractSnapshot(env, args[0], args[1]);
      log(`extracted into ${folder}: restore it with deploy/restore.sh`);
      return 0;
    }
  }
}

/** Aborts on a stop (Ctrl-C, the service stopping): a backup under way ends with what it started. */
function stopOnSignals(): AbortController {
  const stop = new AbortController();
  for (const signal of ['SIGTERM', 'SIGINT'] as const) process.once(signal, () => stop.abort());
  return stop;
}

main().then(
  (status) => process.exit(status),
  (error: unknown) => {
    console.error(error instanceof ConfigError ? error.message : `backup: ${errorMessage(error)}`);
    process.exit(1);
  },
);
