import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** A restic repository: where it is, its key (none: not encrypted) and the S3 keys it is reached with. */
export interface ResticRepository {
  location: string;
  password?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
}

/** A snapshot as `restic snapshots --json` lists it. */
export interface Snapshot {
  id: string;
  time: string;
  paths: string[];
  hostname: string;
}

/** Every snapshot is made under this host name, whatever the container's: retention groups by it. */
export const SNAPSHOT_HOST = 'giftcast';

/** Longest a restic command may take: a night's backup of a large bucket, never into the next night. */
const COMMAND_TIMEOUT_MS = 20 * 3600 * 1000;

/**
 * restic on `repository`: its password from the environment (RESTIC_PASSWORD, so no process list
 * shows it), or `--insecure-no-password` for a repository without a key (restic 0.17 and later).
 * `from` is the source of `restic copy`.
 */
export async function restic(
  repository: ResticRepository,
  args: string[],
  { from, signal }: { from?: ResticRepository; signal?: AbortSignal } = {},
): Promise<string> {
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    TZ: process.env.TZ,
    RESTIC_CACHE_DIR: process.env.RESTIC_CACHE_DIR,
    RESTIC_REPOSITORY: repository.location,
  };
  const flags: string[] = [];
  if (repository.password) env.RESTIC_PASSWORD = repository.password;
  else flags.push('--insecure-no-password');
  const keys = [repository, from].find((candidate) => candidate?.accessKeyId);
  if (keys) Object.assign(env, { AWS_ACCESS_KEY_ID: keys.accessKeyId, AWS_SECRET_ACCESS_KEY: keys.secretAccessKey });
  if (from) {
    env.RESTIC_FROM_REPOSITORY = from.location;
    if (from.password) env.RESTIC_FROM_PASSWORD = from.password;
    else flags.push('--from-insecure-no-password');
  }
  const [command, ...rest] = args;
  try {
    const { stdout } = await run('restic', [command, ...flags, ...rest], {
      env,
      signal,
      timeout: COMMAND_TIMEOUT_MS,
      maxBuffer: 64 * 1024 * 1024,
    });
    return stdout;
  } catch (error) {
    const { stderr, code } = error as { stderr?: string; code?: string | number };
    if (code === 'ENOENT') throw new Error('restic is not installed (Debian: apt-get install restic)');
    throw new Error(`restic ${command} on ${repository.location} failed: ${(stderr ?? '').trim() || String(error)}`);
  }
}

/**
 * Creates the repository unless it exists; a copy's repository shares the source's chunking
 * (deduplication). An abort stops restic either way (an unreachable store can keep it retrying).
 */
export async function ensureRepository(
  repository: ResticRepository,
  { copyOf, signal }: { copyOf?: ResticRepository; signal?: AbortSignal } = {},
): Promise<void> {
  const exists = await restic(repository, ['cat', 'config'], { signal }).then(
    () => true,
    () => {
      signal?.throwIfAborted();
      return false;
    },
  );
  if (exists) return;
  await restic(repository, ['init', ...(copyOf ? ['--copy-chunker-params'] : [])], { from: copyOf, signal });
}

/** The repository's snapshots of this service, oldest first. */
export async function snapshots(repository: ResticRepository): Promise<Snapshot[]> {
  const listed = JSON.parse(await restic(repository, ['snapshots', '--json', '--host', SNAPSHOT_HOST])) as
    Snapshot[] | null;
  return (listed ?? []).sort((a, b) => Date.parse(a.time) - Date.parse(b.time));
}
