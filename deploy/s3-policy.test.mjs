// The storage permissions an operator gives the app's key on AWS S3 (deploy/s3/giftcast-app-policy.json,
// docs/deployment.md, "Object storage services"): every S3 call the backend makes is allowed, on its bucket alone,
// and nothing else is, least of all public reading.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';

const repo = join(import.meta.dirname, '..');
const policy = JSON.parse(readFileSync(join(repo, 'deploy/s3/giftcast-app-policy.json'), 'utf8'));

/**
 * The IAM action each S3 call of the backend needs. CreateBucket is the operator's (the backend
 * creates a bucket only where none exists, as with MinIO); a multipart upload (lib-storage's
 * Upload) is PutObject's, and is aborted on failure. The tus store (S3Store) writes each chunk as
 * parts of a multipart upload, lists them to find the offset, reads and deletes its records, and
 * aborts the multipart upload on termination; the purge lists unfinished ones to abort them.
 */
const ACTIONS = {
  HeadBucket: ['s3:ListBucket'],
  ListObjectsV2: ['s3:ListBucket'],
  GetObject: ['s3:GetObject'],
  PutObject: ['s3:PutObject'],
  DeleteObjects: ['s3:DeleteObject'],
  Upload: ['s3:PutObject', 's3:AbortMultipartUpload'],
  CreateBucket: [],
  AbortMultipartUpload: ['s3:AbortMultipartUpload'],
  ListMultipartUploads: ['s3:ListBucketMultipartUploads'],
  S3Store: [
    's3:PutObject',
    's3:GetObject',
    's3:DeleteObject',
    's3:AbortMultipartUpload',
    's3:ListMultipartUploadParts',
  ],
};

/** Actions on the bucket itself; every other action is on its objects. */
const BUCKET_ACTIONS = new Set(['s3:ListBucket', 's3:ListBucketMultipartUploads']);

/** The S3 calls in the backend's sources (its unit tests left out). */
function backendCalls() {
  const calls = new Set();
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.spec.ts')) {
        const source = readFileSync(path, 'utf8');
        for (const [, name] of source.matchAll(/new (\w+)Command\(/g)) calls.add(name);
        if (/new Upload\(/.test(source)) calls.add('Upload');
        if (/new S3Store\(/.test(source)) calls.add('S3Store');
      }
    }
  };
  walk(join(repo, 'backend/src'));
  return calls;
}

const allowed = (resource) =>
  policy.Statement.filter((s) => s.Effect === 'Allow' && [s.Resource].flat().includes(resource)).flatMap((s) =>
    [s.Action].flat(),
  );

test('allows every S3 call the backend makes, each on the bucket or its objects', () => {
  const calls = [...backendCalls()];
  assert.ok(calls.includes('GetObject') && calls.includes('DeleteObjects'), 'the backend’s calls are found');
  const bucketActions = allowed('arn:aws:s3:::giftcast-videos');
  const objectActions = allowed('arn:aws:s3:::giftcast-videos/*');
  for (const call of calls) {
    assert.ok(call in ACTIONS, `the backend calls ${call}: name the permission it needs here and in the policy`);
    for (const action of ACTIONS[call]) {
      const on = BUCKET_ACTIONS.has(action) ? bucketActions : objectActions;
      assert.ok(on.includes(action), `${call} needs ${action}`);
    }
  }
});

test('allows nothing more: no wildcard, no other bucket, no bucket settings, no public principal', () => {
  const needed = new Set(Object.values(ACTIONS).flat());
  for (const statement of policy.Statement) {
    assert.equal(statement.Effect, 'Allow');
    assert.equal(statement.Principal, undefined, 'an identity policy, attached to the app’s user or role');
    for (const action of [statement.Action].flat()) {
      assert.doesNotMatch(action, /\*/);
      assert.ok(needed.has(action), `${action} is not needed`);
    }
    for (const resource of [statement.Resource].flat()) {
      assert.match(resource, /^arn:aws:s3:::giftcast-videos(\/\*)?$/);
    }
  }
});
