// deploy/minio/setup.sh, the minio-setup job, run by the machine's sh as the mc image runs it, with an
// `mc` on PATH that records its calls: in production it refuses MinIO root passwords that ship with
// the project or MinIO, or that are too guessable, before it calls mc at all.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';

const repo = join(import.meta.dirname, '..');
const SCRIPT = join(repo, 'deploy/minio/setup.sh');
const STRONG = 'Xq7!b9Lm-2Zr#4Tp8wKc';
const scratch = mkdtempSync(join(tmpdir(), 'giftcast-minio-setup-'));
const calls = join(scratch, 'mc-calls');
writeFileSync(join(scratch, 'mc'), `#!/bin/sh\necho "$*" >> "${calls}"\n`);
chmodSync(join(scratch, 'mc'), 0o755);
after(() => rmSync(scratch, { recursive: true, force: true }));

/** The script with `settings`, as compose passes them; what it printed and which mc calls it made. */
function setup(settings) {
  rmSync(calls, { force: true });
  const run = spawnSync('sh', [SCRIPT], {
    env: {
      PATH: `${scratch}:${process.env.PATH}`,
      MINIO_ROOT_USER: 'giftcast-root',
      S3_BUCKET: 'giftcast',
      S3_ACCESS_KEY_ID: 'giftcast-app',
      S3_SECRET_ACCESS_KEY: 'a-storage-secret-of-its-own',
      ...settings,
    },
    encoding: 'utf8',
  });
  return { ...run, mc: existsSync(calls) ? readFileSync(calls, 'utf8').trim().split('\n') : [] };
}

/** What .env.example gives MINIO_ROOT_PASSWORD, read so that the two cannot drift apart. */
const shipped = /^MINIO_ROOT_PASSWORD=(.*)$/m.exec(readFileSync(join(repo, '.env.example'), 'utf8'))[1];

for (const [why, password] of [
  ['.env.example’s placeholder', shipped],
  ['MinIO’s own default', 'minioadmin'],
  ['empty', ''],
  ['one character repeated', 'a'.repeat(40)],
  ['two characters in turn', 'ab'.repeat(20)],
  ['16 characters, 15 different (62 bits)', 'abcdefghijklmnoa'],
]) {
  test(`in production it refuses a MINIO_ROOT_PASSWORD that is ${why}, naming it, and calls mc for nothing`, () => {
    const run = setup({ NODE_ENV: 'production', MINIO_ROOT_PASSWORD: password });
    assert.equal(run.status, 1, run.stderr);
    assert.match(run.stderr, /^minio-setup: MINIO_ROOT_PASSWORD: production needs/);
    assert.deepEqual(run.mc, []);
  });
}

test('the estimate is the backend’s: length × log2(distinct characters), printed in bits', () => {
  const run = setup({ MINIO_ROOT_PASSWORD: 'abcdefghijklmnoa' });
  assert.match(run.stderr, /about 62 bits .* 64 needed/);
  assert.equal(Math.floor(16 * Math.log2(15)), 62);
});

test('with NODE_ENV unset (compose passes production) the same rules hold', () => {
  assert.equal(setup({ MINIO_ROOT_PASSWORD: shipped }).status, 1);
});

for (const [why, password] of [
  ['16 characters, all different (64 bits)', 'abcdefghijklmnop'],
  ['a random one', STRONG],
]) {
  test(`in production it takes a MINIO_ROOT_PASSWORD of ${why}, and sets up the bucket and the app's user`, () => {
    const run = setup({ NODE_ENV: 'production', MINIO_ROOT_PASSWORD: password });
    assert.equal(run.status, 0, run.stderr);
    assert.equal(run.mc[0], `alias set local http://minio:9000 giftcast-root ${password}`);
    assert.ok(run.mc.includes('admin user add local giftcast-app a-storage-secret-of-its-own'));
  });
}

test('reads MINIO_ROOT_PASSWORD_FILE and S3_SECRET_ACCESS_KEY_FILE (compose secrets), without the final newline', () => {
  writeFileSync(join(scratch, 'root'), `${STRONG}\n`);
  writeFileSync(join(scratch, 's3'), 'a-storage-secret-from-a-file\n');
  const run = setup({
    NODE_ENV: 'production',
    MINIO_ROOT_PASSWORD: '',
    MINIO_ROOT_PASSWORD_FILE: join(scratch, 'root'),
    S3_SECRET_ACCESS_KEY_FILE: join(scratch, 's3'),
  });
  assert.equal(run.status, 0, run.stderr);
  assert.equal(run.mc[0], `alias set local http://minio:9000 giftcast-root ${STRONG}`);
  assert.ok(run.mc.includes('admin user add local giftcast-app a-storage-secret-from-a-file'));
});

test('a file it cannot read is named', () => {
  const run = setup({ MINIO_ROOT_PASSWORD_FILE: join(scratch, 'missing') });
  assert.equal(run.status, 1);
  assert.match(run.stderr, /MINIO_ROOT_PASSWORD_FILE: cannot read/);
});

test('outside production (a trial on one machine) the placeholder is taken', () => {
  assert.equal(setup({ NODE_ENV: 'development', MINIO_ROOT_PASSWORD: shipped }).status, 0);
});

test('the app never gets the root user', () => {
  const run = setup({ NODE_ENV: 'production', MINIO_ROOT_PASSWORD: STRONG, S3_ACCESS_KEY_ID: 'giftcast-root' });
  assert.equal(run.status, 1);
  assert.match(run.stderr, /S3_ACCESS_KEY_ID must differ from MINIO_ROOT_USER/);
  assert.deepEqual(run.mc, []);
});

test('the app’s storage key must be given, here or in its file', () => {
  const run = setup({ NODE_ENV: 'production', MINIO_ROOT_PASSWORD: STRONG, S3_SECRET_ACCESS_KEY: '' });
  assert.equal(run.status, 1);
  assert.match(run.stderr, /S3_SECRET_ACCESS_KEY is not set/);
  assert.deepEqual(run.mc, []);
});
