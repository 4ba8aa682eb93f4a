import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ListObjectsV2Command, PutObjectCommand } from '@aws-sdk/client-s3';
import type { TestApp } from './test-app';

const dir = mkdtempSync(join(tmpdir(), 'giftcast-fixtures-'));

/**
 * A short real clip made by ffmpeg: test pattern and a tone, as a phone would send it.
 * `videoSeconds` shorter than `seconds` makes the picture stop before the sound, as in a recording
 * whose camera delivered its frames late.
 */
export function makeClip(format: 'webm' | 'mp4', seconds = 2, size = '320x240', videoSeconds = seconds): Buffer {
  const file = join(dir, `clip-${seconds}-${videoSeconds}-${size}.${format}`);
  const codecs =
    format === 'webm' ? ['-c:v', 'libvpx', '-b:v', '300k', '-c:a', 'libopus'] : ['-c:v', 'libx264', '-c:a', 'aac'];
  execFileSync('ffmpeg', [
    '-loglevel',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    `testsrc=duration=${videoSeconds}:size=${size}:rate=15`,
    '-f',
    'lavfi',
    '-i',
    `sine=frequency=440:duration=${seconds}`,
    ...(videoSeconds === seconds ? ['-shortest'] : []),
    ...codecs,
    file,
  ]);
  return readFileSync(file);
}

export function ffprobeStreams(file: string): { codec_name: string; codec_type: string; pix_fmt?: string }[] {
  const out = execFileSync('ffprobe', [
    '-v',
    'error',
    '-show_entries',
    'stream=codec_name,codec_type,pix_fmt',
    '-of',
    'json',
    file,
  ]);
  return JSON.parse(out.toString()).streams;
}

/** Every key under videos/ in the test bucket (retried: s3rver's listing trips over concurrent deletes). */
export async function videoObjectKeys(t: TestApp, attempts = 5): Promise<string[]> {
  try {
    return await listVideoKeys(t);
  } catch (error) {
    if (attempts <= 1) throw error;
    await new Promise((r) => setTimeout(r, 100));
    return videoObjectKeys(t, attempts - 1);
  }
}

/** How many objects the S3 server holds under videos/, counted on its disk without asking it. */
export function countStoredVideoObjects(storageDir: string): number {
  let count = 0;
  const walk = (path: string) => {
    let entries: import('node:fs').Dirent[];
    try {
      entries = readdirSync(path, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      if (entry.isDirectory()) walk(join(path, entry.name));
      else if (entry.name.endsWith('._S3rver_object')) count += 1;
    }
  };
  walk(join(storageDir, 'giftcast-test', 'videos'));
  return count;
}

async function listVideoKeys(t: TestApp): Promise<string[]> {
  const { StorageService } = await import('../../src/storage/storage.service');
  const storage = t.app.get(StorageService);
  const keys: string[] = [];
  let token: string | undefined;
  do {
    const page = await storage.client.send(
      new ListObjectsV2Command({ Bucket: storage.bucket, Prefix: 'videos/', ContinuationToken: token }),
    );
    for (const o of page.Contents ?? []) keys.push(o.Key!);
    token = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (token);
  return keys.sort();
}

export async function putObject(t: TestApp, key: string, body: Buffer | string): Promise<void> {
  const { StorageService } = await import('../../src/storage/storage.service');
  const storage = t.app.get(StorageService);
  await storage.client.send(new PutObjectCommand({ Bucket: storage.bucket, Key: key, Body: body }));
}
