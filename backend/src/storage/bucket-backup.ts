import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { type Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  GetObjectCommand,
  ListObjectsV2Command,
  NoSuchKey,
  type S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { ensureBucket } from './storage.service';
import { pipeStored } from './stored-body';

/** Inside a backup folder: the list of objects, and the folder holding one file per object. */
export const MANIFEST_FILE = 'bucket.json';
export const OBJECTS_DIR = 'bucket';
/** The database dump deploy/backup.sh writes beside the bucket copy; the manifest lists its SHA-256. */
export const DUMP_FILE = 'database.dump';
/** Keys that cannot be a path on disk (`..`, `a//b`, a key that is also a folder) are kept here by hash. */
const OTHER_KEYS_DIR = '.other-keys';
const COPIES_AT_ONCE = 4;

export interface StoredObject {
  key: string;
  /** Its copy under bucket/, `/`-separated. */
  file: string;
  size: number;
  sha256: string;
  contentType?: string;
  cacheControl?: string;
  contentDisposition?: string;
  contentEncoding?: string;
  contentLanguage?: string;
  metadata?: Record<string, string>;
}

export interface FileSum {
  size: number;
  sha256: string;
}

export interface BucketManifest {
  format: 1;
  bucket: string;
  copiedAt: string;
  /** database.dump, when the folder held one; backups written before it was listed have none. */
  database?: FileSum;
  objects: StoredObject[];
}

export interface Bucket {
  client: S3Client;
  name: string;
}

export class BucketNotEmptyError extends Error {}
export class DamagedBackupError extends Error {}

/**
 * Copies every object of the bucket, with its content type and headers, into `folder`:
 * bucket/<key> for each object and bucket.json listing them with their sizes and SHA-256, and the
 * size and SHA-256 of the folder's database.dump when it holds one.
 * Objects deleted while the copy runs are left out.
 */
export async function exportBucket({ client, name }: Bucket, folder: string): Promise<BucketManifest> {
  const listed = await listKeys(client, name);
  const files = filesForKeys(listed.map(({ key }) => key));
  const objects: StoredObject[] = [];
  await eachAtMost(COPIES_AT_ONCE, listed, async ({ key }) => {
    const file = files.get(key)!;
    let response;
    try {
      response = await client.send(new GetObjectCommand({ Bucket: name, Key: key }));
    } catch (error) {
      if (error instanceof NoSuchKey) return;
      throw error;
    }
    const path = join(folder, OBJECTS_DIR, ...file.split('/'));
    await mkdir(dirname(path), { recursive: true });
    const hash = createHash('sha256');
    let size = 0;
    const count = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        hash.update(chunk);
        size += chunk.length;
        done(null, chunk);
      },
    });
    await pipeStored(response.Body as Readable, [count, createWriteStream(path)]);
    if (response.ContentLength !== undefined && size !== response.ContentLength) {
      throw new Error(`object "${key}": received ${size} of ${response.ContentLength} bytes`);
    }
    objects.push(
      withoutEmpty({
        key,
        file,
        size,
        sha256: hash.digest('hex'),
        contentType: response.ContentType,
        cacheControl: response.CacheControl,
        contentDisposition: response.ContentDisposition,
        contentEncoding: response.ContentEncoding,
        contentLanguage: response.ContentLanguage,
        metadata: response.Metadata && Object.keys(response.Metadata).length ? response.Metadata : undefined,
      }),
    );
  });
  objects.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  const database = await sumOf(join(folder, DUMP_FILE)).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return undefined;
    throw error;
  });
  const manifest: BucketManifest = {
    format: 1,
    bucket: name,
    copiedAt: new Date().toISOString(),
    ...(database && { database }),
    objects,
  };
  await writeFile(join(folder, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}

/**
 * Checks a backup folder and writes nothing: database.dump against the size and SHA-256 the
 * manifest lists (`database` is undefined for a backup written before the dump was listed), and
 * unless `databaseOnly` every object's copy as importBucket checks it. Throws DamagedBackupError
 * naming every damaged part.
 */
export async function verifyBackup(folder: string, { databaseOnly = false } = {}): Promise<BucketManifest> {
  const manifest = await readManifest(folder);
  const damaged: string[] = [];
  if (manifest.database) {
    const problem = await checkFile(join(folder, DUMP_FILE), manifest.database);
    if (problem) damaged.push(`${DUMP_FILE}: ${problem}`);
  }
  if (!databaseOnly) damaged.push(...(await damagedCopies(folder, manifest)));
  if (damaged.length) throw new DamagedBackupError(`the backup is damaged:\n  ${damaged.join('\n  ')}`);
  return manifest;
}

/**
 * Puts every object of a backup made by exportBucket into the bucket (created if missing), with
 * its content type and headers. Every copy is checked against its size and SHA-256 before
 * anything is written; a bucket that holds objects is refused unless `force`.
 */
export async function importBucket(
  { client, name }: Bucket,
  folder: string,
  { force = false } = {},
): Promise<BucketManifest> {
  const manifest = await readManifest(folder);
  const damaged = await damagedCopies(folder, manifest);
  if (damaged.length) {
    throw new DamagedBackupError(
      `the backup's bucket copy is damaged, nothing was written into the bucket:\n  ${damaged.join('\n  ')}`,
    );
  }

  await ensureBucket(client, name);
  if (!force && !(await bucketIsEmpty({ client, name }))) {
    throw new BucketNotEmptyError(`bucket "${name}" already holds objects`);
  }
  await eachAtMost(COPIES_AT_ONCE, manifest.objects, async (object) => {
    const upload = new Upload({
      client,
      params: {
        Bucket: name,
        Key: object.key,
        Body: createReadStream(copyPath(folder, object)),
        ContentLength: object.size,
        ContentType: object.contentType,
        CacheControl: object.cacheControl,
        ContentDisposition: object.contentDisposition,
        ContentEncoding: object.contentEncoding,
        ContentLanguage: object.contentLanguage,
        Metadata: object.metadata,
      },
      partSize: 8 * 1024 * 1024,
      queueSize: 2,
    });
    await upload.done();
  });
  return manifest;
}

export async function bucketIsEmpty({ client, name }: Bucket): Promise<boolean> {
  try {
    // One page of the listing (MaxKeys: 1 would do, but the test S3 server fails a truncated listing).
    const page = await client.send(new ListObjectsV2Command({ Bucket: name }));
    return !page.Contents?.length;
  } catch (error) {
    if (error instanceof S3ServiceException && error.name === 'NoSuchBucket') return true;
    throw error;
  }
}

export async function readManifest(folder: string): Promise<BucketManifest> {
  const text = await readFile(join(folder, MANIFEST_FILE), 'utf8');
  let manifest: BucketManifest;
  try {
    manifest = JSON.parse(text) as BucketManifest;
  } catch {
    throw new DamagedBackupError(`${MANIFEST_FILE} is not valid JSON`);
  }
  if (manifest?.format !== 1 || !Array.isArray(manifest.objects)) {
    throw new DamagedBackupError(`${MANIFEST_FILE} is not a bucket copy this version can read`);
  }
  return manifest;
}

async function listKeys(client: S3Client, bucket: string): Promise<{ key: string }[]> {
  const keys: { key: string }[] = [];
  let token: string | undefined;
  do {
    const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, ContinuationToken: token }));
    for (const object of page.Contents ?? []) keys.push({ key: object.Key! });
    token = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (token);
  return keys;
}

/** "<key>: <what is wrong with its copy>" for every object whose copy is missing or differs. */
async function damagedCopies(folder: string, manifest: BucketManifest): Promise<string[]> {
  const damaged: string[] = [];
  await eachAtMost(COPIES_AT_ONCE, manifest.objects, async (object) => {
    const problem = await checkFile(copyPath(folder, object), object);
    if (problem) damaged.push(`${object.key}: its copy ${OBJECTS_DIR}/${object.file} ${problem}`);
  });
  return damaged.sort();
}

/** What is wrong with the file at `path` against its listed size and SHA-256, if anything. */
async function checkFile(path: string, listed: FileSum): Promise<string | undefined> {
  let size;
  try {
    size = (await stat(path)).size;
  } catch {
    return 'is missing';
  }
  // The size first: a cut-short copy is told apart without reading it.
  if (size !== listed.size) return `is ${size} bytes long, not ${listed.size}`;
  return (await sumOf(path)).sha256 === listed.sha256 ? undefined : 'does not match its SHA-256';
}

async function sumOf(path: string): Promise<FileSum> {
  const { size } = await stat(path);
  const hash = createHash('sha256');
  await pipeline(createReadStream(path), hash);
  return { size, sha256: hash.digest('hex') };
}

function copyPath(folder: string, object: StoredObject): string {
  if (!isPlainPath(object.file) && !object.file.startsWith(`${OTHER_KEYS_DIR}/`)) {
    throw new DamagedBackupError(`${MANIFEST_FILE} names a file outside the backup: ${object.file}`);
  }
  return join(folder, OBJECTS_DIR, ...object.file.split('/'));
}

/**
 * Where each key's copy goes: the key itself where it is a plain relative path that no other key
 * uses as a folder, else a file named by the key's hash under .other-keys/.
 */
export function filesForKeys(keys: string[]): Map<string, string> {
  const plain = new Set(keys.filter((key) => isPlainPath(key) && key.split('/')[0] !== OTHER_KEYS_DIR));
  const folders = new Set(
    [...plain].flatMap((key) =>
      key
        .split('/')
        .slice(0, -1)
        .map((_, i, parts) => parts.slice(0, i + 1).join('/')),
    ),
  );
  const files = new Map<string, string>();
  for (const key of keys) {
    const usable = plain.has(key) && !folders.has(key);
    files.set(key, usable ? key : `${OTHER_KEYS_DIR}/${createHash('sha256').update(key).digest('hex')}`);
  }
  return files;
}

function isPlainPath(path: string): boolean {
  return path
    .split('/')
    .every(
      (part) => part !== '' && part !== '.' && part !== '..' && !part.includes('\0') && Buffer.byteLength(part) <= 200,
    );
}

function withoutEmpty<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined && v !== '')) as T;
}

/**
 * Runs `work` on every item, at most `limit` at a time. After a failure no new item starts; it
 * rejects with the first failure once the items under way have ended.
 */
async function eachAtMost<T>(limit: number, items: T[], work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  let failed = false;
  const workers = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (!failed && next < items.length) {
      try {
        await work(items[next++]);
      } catch (error) {
        failed = true;
        throw error;
      }
    }
  });
  const rejected = (await Promise.allSettled(workers)).find((result) => result.status === 'rejected');
  if (rejected) throw rejected.reason;
}
