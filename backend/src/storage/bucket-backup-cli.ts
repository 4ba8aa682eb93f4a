import { z } from 'zod';
import { errorMessage } from '../common/error-message';
import { envSchema, readSecretFiles } from '../config/config.schema';
import { loadDotenv } from '../config/dotenv';
import {
  BucketNotEmptyError,
  bucketIsEmpty,
  DamagedBackupError,
  DUMP_FILE,
  exportBucket,
  importBucket,
  MANIFEST_FILE,
  verifyBackup,
} from './bucket-backup';
import { s3ClientFor } from './storage.service';

const USAGE = `Copies the object store bucket (S3_* settings from the environment or .env) to or from a backup folder.
  bucket-backup-cli.js export <folder>           every object into <folder>/bucket and <folder>/bucket.json (with database.dump's SHA-256)
  bucket-backup-cli.js import <folder> [--force] into the bucket (created if missing); refuses one holding objects unless --force
  bucket-backup-cli.js verify <folder> [--database-only]
                                                 checks database.dump and every object's copy against their SHA-256, writing nothing
  bucket-backup-cli.js check-empty               exit 0 when the bucket holds no object, 3 when it does`;

/** The flags each command takes. */
const FLAGS = new Map([
  ['import', ['--force']],
  ['verify', ['--database-only']],
]);

/** Exit status for a bucket that holds objects (import without --force, check-empty). */
const NOT_EMPTY = 3;

// Only the storage settings: a backup needs neither the admin password nor the mail server.
const storageSchema = z.object({
  S3_ENDPOINT: envSchema.shape.S3_ENDPOINT,
  S3_REGION: envSchema.shape.S3_REGION,
  S3_BUCKET: envSchema.shape.S3_BUCKET,
  S3_ACCESS_KEY_ID: envSchema.shape.S3_ACCESS_KEY_ID,
  S3_SECRET_ACCESS_KEY: envSchema.shape.S3_SECRET_ACCESS_KEY,
  S3_FORCE_PATH_STYLE: envSchema.shape.S3_FORCE_PATH_STYLE,
  STORAGE_CONNECT_TIMEOUT_SECONDS: envSchema.shape.STORAGE_CONNECT_TIMEOUT_SECONDS,
  STORAGE_REQUEST_TIMEOUT_SECONDS: envSchema.shape.STORAGE_REQUEST_TIMEOUT_SECONDS,
});

async function main(): Promise<number> {
  const [command, folder, ...flags] = process.argv.slice(2);
  const force = flags.includes('--force');
  if (!command || (command !== 'check-empty' && !folder) || flags.some((flag) => !FLAGS.get(command)?.includes(flag))) {
    console.error(USAGE);
    return 2;
  }
  // The folder alone: a restore checks it before anything else, whatever the storage settings.
  if (command === 'verify') return verify(folder, flags.includes('--database-only'));
  loadDotenv();
  // S3_SECRET_ACCESS_KEY_FILE (compose and Kubernetes secrets) as the backend reads it.
  const files = readSecretFiles(process.env);
  const parsed = storageSchema.safeParse(files.env);
  if (files.problems.length || !parsed.success) {
    const problems = [
      ...files.problems,
      ...(parsed.error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`) ?? []),
    ];
    console.error(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    return 1;
  }
  const settings = parsed.data;
  const bucket = { client: s3ClientFor(settings), name: settings.S3_BUCKET };
  const where = `bucket "${bucket.name}"${settings.S3_ENDPOINT ? ` at ${new URL(settings.S3_ENDPOINT).host}` : ''}`;
  try {
    switch (command) {
      case 'export': {
        const { objects } = await exportBucket(bucket, folder);
        console.log(`Copied ${describe(objects)} from ${where}.`);
        return 0;
      }
      case 'import': {
        const { objects } = await importBucket(bucket, folder, { force });
        console.log(`Restored ${describe(objects)} into ${where}.`);
        return 0;
      }
      case 'check-empty':
        return (await bucketIsEmpty(bucket)) ? 0 : NOT_EMPTY;
      default:
        console.error(USAGE);
        return 2;
    }
  } catch (error) {
    if (error instanceof BucketNotEmptyError) {
      console.error(
        `${where} already holds objects: restore only into an empty bucket, or pass --force to write over it.`,
      );
      return NOT_EMPTY;
    }
    console.error(error instanceof DamagedBackupError ? error.message : `${where}: ${errorMessage(error)}`);
    return 1;
  } finally {
    bucket.client.destroy();
  }
}

async function verify(folder: string, databaseOnly: boolean): Promise<number> {
  try {
    const manifest = await verifyBackup(folder, { databaseOnly });
    const parts = [...(manifest.database ? [DUMP_FILE] : []), ...(databaseOnly ? [] : [describe(manifest.objects)])];
    if (parts.length) console.log(`Checked ${parts.join(' and ')} against their SHA-256: intact.`);
    if (!manifest.database) {
      console.error(
        `${DUMP_FILE} has no SHA-256 in ${MANIFEST_FILE} (a backup written before the dump was listed there): it cannot be checked.`,
      );
    }
    return 0;
  } catch (error) {
    console.error(error instanceof DamagedBackupError ? error.message : `${folder}: ${errorMessage(error)}`);
    return 1;
  }
}

function describe(objects: { size: number }[]): string {
  const bytes = objects.reduce((sum, object) => sum + object.size, 0);
  return `${objects.length} object${objects.length === 1 ? '' : 's'} (${(bytes / 1024 / 1024).toFixed(1)} MiB)`;
}

void main().then((status) => process.exit(status));
