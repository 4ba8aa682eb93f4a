import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { S3Client } from '@aws-sdk/client-s3';
import {
  type BucketManifest,
  DamagedBackupError,
  DUMP_FILE,
  filesForKeys,
  importBucket,
  MANIFEST_FILE,
  verifyBackup,
} from './bucket-backup';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

describe('filesForKeys', () => {
  it('keeps a plain key as its own path', () => {
    expect(filesForKeys(['videos/abc/video.mp4', 'videos/abc/poster.jpg'])).toEqual(
      new Map([
        ['videos/abc/video.mp4', 'videos/abc/video.mp4'],
        ['videos/abc/poster.jpg', 'videos/abc/poster.jpg'],
      ]),
    );
  });

  it('puts keys that cannot be a path, or that another key uses as a folder, under .other-keys by hash', () => {
    const keys = ['../escape', '/rooted', 'a//b', 'dir', 'dir/file', '.other-keys/x', 'ok/./no'];
    const files = filesForKeys(keys);
    expect(files.get('dir/file')).toBe('dir/file');
    for (const key of keys.filter((key) => key !== 'dir/file')) {
      expect(files.get(key)).toBe(`.other-keys/${sha256(key)}`);
    }
  });
});

describe('importBucket and verifyBackup', () => {
  let folder: string;
  // Never reached: a damaged backup is refused before the bucket is asked anything.
  const client = {
    send: () => {
      throw new Error('the bucket was asked');
    },
  } as unknown as S3Client;

  beforeEach(() => {
    folder = mkdtempSync(join(tmpdir(), 'giftcast-bucket-backup-'));
    mkdirSync(join(folder, 'bucket', 'videos'), { recursive: true });
    writeFileSync(join(folder, 'bucket', 'videos', 'a.mp4'), 'video bytes');
  });
  afterEach(() => rmSync(folder, { recursive: true, force: true }));

  function writeManifest(objects: BucketManifest['objects'], database?: BucketManifest['database']) {
    const manifest: BucketManifest = {
      format: 1,
      bucket: 'giftcast',
      copiedAt: new Date().toISOString(),
      ...(database && { database }),
      objects,
    };
    writeFileSync(join(folder, MANIFEST_FILE), JSON.stringify(manifest));
  }
  const goodCopy = { key: 'videos/a.mp4', file: 'videos/a.mp4', size: 11, sha256: sha256('video bytes') };

  it('refuses a copy whose bytes differ from its SHA-256, without asking the bucket anything', async () => {
    writeManifest([{ key: 'videos/a.mp4', file: 'videos/a.mp4', size: 11, sha256: sha256('other bytes') }]);
    await expect(importBucket({ client, name: 'giftcast' }, folder)).rejects.toThrow(
      new DamagedBackupError(
        "the backup's bucket copy is damaged, nothing was written into the bucket:\n  videos/a.mp4: its copy bucket/videos/a.mp4 does not match its SHA-256",
      ),
    );
  });

  it('refuses a missing copy and a manifest naming a file outside the backup', async () => {
    writeManifest([
      { key: 'videos/b.mp4', file: 'videos/b.mp4', size: 1, sha256: sha256('x') },
      { key: 'passwd', file: '../../etc/passwd', size: 1, sha256: sha256('x') },
    ]);
    await expect(importBucket({ client, name: 'giftcast' }, folder)).rejects.toThrow(DamagedBackupError);
    await expect(importBucket({ client, name: 'giftcast' }, folder)).rejects.toThrow(/outside the backup|missing/);
  });

  it('verifies the dump and every copy, naming each damaged part', async () => {
    writeFileSync(join(folder, DUMP_FILE), 'PGDMP changed');
    writeManifest([goodCopy, { ...goodCopy, key: 'videos/b.mp4', file: 'videos/b.mp4' }], {
      size: 13,
      sha256: sha256('PGDMP written'),
    });
    await expect(verifyBackup(folder)).rejects.toThrow(
      new DamagedBackupError(
        'the backup is damaged:\n  database.dump: does not match its SHA-256\n  videos/b.mp4: its copy bucket/videos/b.mp4 is missing',
      ),
    );
    await expect(verifyBackup(folder, { databaseOnly: true })).rejects.toThrow(
      new DamagedBackupError('the backup is damaged:\n  database.dump: does not match its SHA-256'),
    );
  });

  it('passes an intact backup, and one written before the dump was listed (nothing to check it against)', async () => {
    writeFileSync(join(folder, DUMP_FILE), 'PGDMP written');
    writeManifest([goodCopy], { size: 13, sha256: sha256('PGDMP written') });
    await expect(verifyBackup(folder)).resolves.toMatchObject({ database: { size: 13 } });
    writeManifest([goodCopy]);
    await expect(verifyBackup(folder)).resolves.not.toHaveProperty('database');
  });

  it('tells a cut-short dump by its size', async () => {
    writeFileSync(join(folder, DUMP_FILE), 'PGDMP');
    writeManifest([goodCopy], { size: 13, sha256: sha256('PGDMP written') });
    await expect(verifyBackup(folder)).rejects.toThrow('database.dump: is 5 bytes long, not 13');
  });
});
