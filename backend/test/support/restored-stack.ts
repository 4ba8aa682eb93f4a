// What the backup tests share: the deploy scripts run against a stack (a database and an S3
// server), the built backend started on a restored one, and everything a restore must bring back,
// read through the API.
import { spawn } from 'node:child_process';
import { join, resolve } from 'node:path';
import type { EmbeddedStorage } from '../../src/local/embedded-storage';
import { type BackendProcess, startBackendProcess } from './backend-process';
import { ADMIN_PASSWORD } from './test-app';

const REPO = resolve(__dirname, '../../..');
export const BUCKET = 'giftcast-test';

export interface Stack {
  databaseUrl: string;
  storage: EmbeddedStorage;
}
/** The compose file's stand-in where no Docker engine runs (see the file). */
const COMPOSE_STAND_IN = `${process.execPath} ${join(__dirname, 'compose-stand-in.mjs')}`;

/**
 * deploy/backup.sh or deploy/restore.sh against `stack` (natively, or with --compose through the
 * stand-in), without blocking this process's S3 server.
 */
export function runScript(script: string, args: string[], stack: Stack, extra: Record<string, string> = {}) {
  return new Promise<{ status: number | null; stdout: string; stderr: string }>((done, fail) => {
    const child = spawn(join(REPO, 'deploy', script), args, {
      env: {
        ...process.env,
        DATABASE_URL: stack.databaseUrl,
        S3_ENDPOINT: stack.storage.endpoint,
        S3_REGION: 'us-east-1',
        S3_BUCKET: BUCKET,
        S3_ACCESS_KEY_ID: stack.storage.accessKeyId,
        S3_SECRET_ACCESS_KEY: stack.storage.secretAccessKey,
        S3_FORCE_PATH_STYLE: 'true',
        ...(args.includes('--compose') ? { COMPOSE: COMPOSE_STAND_IN, STAND_IN_DATABASE_URL: stack.databaseUrl } : {}),
        ...extra,
      },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', fail);
    child.on('close', (status) => done({ status, stdout, stderr }));
  });
}

/** The built backend on a restored database and bucket, as a new stack would start it. */
export function startBackendOn(stack: Stack, outbox: string): Promise<BackendProcess> {
  return startBackendProcess({
    DATABASE_URL: stack.databaseUrl,
    DATABASE_POOL_SIZE: '4',
    S3_ENDPOINT: stack.storage.endpoint,
    S3_BUCKET: BUCKET,
    S3_ACCESS_KEY_ID: stack.storage.accessKeyId,
    S3_SECRET_ACCESS_KEY: stack.storage.secretAccessKey,
    S3_FORCE_PATH_STYLE: 'true',
    ADMIN_PASSWORD,
    JWT_SECRET: 'test-jwt-secret-that-is-long-enough-0123456789',
    OUTBOX_DIR: outbox,
  });
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers of the API's own contract
export async function adminGet(url: string, path: string, token: string): Promise<any> {
  const response = await fetch(`${url}${path}`, { headers: { Authorization: `Bearer ${token}` } });
  expect(response.status).toBe(200);
  return response.json();
}

export async function login(url: string): Promise<string> {
  const response = await fetch(`${url}/api/admin/verify`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ password: ADMIN_PASSWORD }),
  });
  return ((await response.json()) as { token: string }).token;
}

/** Rows in id order: rows with the same time may be listed in either order. */
export const byId = <T extends { id: string }>(items: T[]) => [...items].sort((a, b) => a.id.localeCompare(b.id));

/** Everything a restore must bring back, read through the API. */
export async function contentOf(url: string, token: string, qrToken: string) {
  const page = async (path: string) => {
    const { items, ...counts } = await adminGet(url, `${path}?pageSize=200`, token);
    return { ...counts, items: byId(items) };
  };
  return {
    posts: byId(await adminGet(url, '/api/posts', token)),
    subscribers: await page('/api/admin/subscribers'),
    codes: await page('/api/admin/qr'),
    inquiries: await page('/api/admin/inquiries'),
    message: (await (await fetch(`${url}/api/messages/${qrToken}`)).json()) as {
      message: { state: string; videoUrl: string; posterUrl: string };
    },
  };
}
