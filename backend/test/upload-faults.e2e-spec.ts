import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { type EmbeddedStorage, startEmbeddedStorage } from '../src/local/embedded-storage';
import { type BackendProcess, startBackendProcess } from './support/backend-process';
import { S3FaultProxy } from './support/fault-proxy';
import { multipartBody, multipartType, type Part } from './support/multipart';
import { sendRaw } from './support/raw-http';
import { createTestSchema, type TestSchema } from './support/test-database';
import { makeClip } from './support/video-fixtures';

/**
 * Uploads that go wrong on the way, sent to the built backend running as its own process (as in
 * production), its S3 server behind a proxy that can fail. After each: the process still runs and
 * answers, the code is unused again, and the bucket holds nothing new.
 */
const BUCKET = 'giftcast-faults';
const PASSWORD = 'upload-faults-password-123';
const MAX_BYTES = 20 * 1024 * 1024;

describe('uploads that go wrong', () => {
  let schema: TestSchema;
  let storageDir: string;
  let storage: EmbeddedStorage;
  let proxy: S3FaultProxy;
  let backend: BackendProcess;
  let auth: { Authorization: string };
  let s3: S3Client;
  let clip: Buffer;

  beforeAll(async () => {
    schema = await createTestSchema();
    storageDir = mkdtempSync(join(tmpdir(), 'giftcast-faults-'));
    storage = await startEmbeddedStorage(storageDir, BUCKET);
    proxy = await new S3FaultProxy(storage.endpoint).start();
    backend = await startBackendProcess({
      DATABASE_URL: schema.url,
      DATABASE_POOL_SIZE: '4',
      S3_ENDPOINT: proxy.endpoint,
      S3_BUCKET: BUCKET,
      S3_ACCESS_KEY_ID: storage.accessKeyId,
      S3_SECRET_ACCESS_KEY: storage.secretAccessKey,
      OUTBOX_DIR: join(storageDir, 'outbox'),
      ADMIN_PASSWORD: PASSWORD,
      JWT_SECRET: 'upload-faults-jwt-secret-0123456789abcdef',
      VIDEO_MAX_BYTES: String(MAX_BYTES),
      TRY_SERIAL_FROM: '9000',
    });
    const login = await fetch(`${backend.url}/api/admin/verify`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ password: PASSWORD }),
    });
    auth = { Authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
    s3 = new S3Client({
      endpoint: storage.endpoint,
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: { accessKeyId: storage.accessKeyId, secretAccessKey: storage.secretAccessKey },
    });
    clip = makeClip('webm');
  });

  afterEach(() => {
    proxy.failing = () => false;
  });

  afterAll(async () => {
    await backend?.stop();
    await proxy?.stop();
    await storage?.stop();
    s3?.destroy();
    rmSync(storageDir, { recursive: true, force: true });
    await schema?.drop();
  });

  async function newCode(): Promise<{ qrToken: string }> {
    const response = await fetch(`${backend.url}/api/admin/qr`, {
      method: 'POST',
      headers: { ...auth, 'Content-Type': 'application/json' },
      body: JSON.stringify({ count: 1 }),
    });
    return ((await response.json()) as { items: { qrToken: string }[] }).items[0];
  }

  async function codeStatus(token: string): Promise<string> {
    return ((await (await fetch(`${backend.url}/api/messages/${token}`)).json()) as { status: string }).status;
  }

  async function storedKeys(): Promise<string[]> {
    const page = await s3.send(new ListObjectsV2Command({ Bucket: BUCKET, Prefix: 'videos/' }));
    return (page.Contents ?? []).map((o) => o.Key!);
  }

  /** A real clip's bytes followed by noise, `size` in all. */
  function videoOf(size: number): Buffer {
    return Buffer.concat([clip, randomBytes(size - clip.length)]);
  }

  function post(token: string, body: Buffer, headers: Record<string, string> = {}) {
    return sendRaw(backend.url, {
      method: 'POST',
      path: `/api/messages/${token}/video`,
      headers: { 'Content-Type': multipartType(), ...headers },
      body,
    });
  }

  async function eventually(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 15_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!(await check())) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  /** The process still runs and answers, the code is unused, and nothing new is stored. */
  async function expectNothingLeft(token: string, keysBefore: string[]): Promise<void> {
    expect(backend.child.exitCode).toBeNull();
    expect((await fetch(`${backend.url}/api/health`)).status).toBe(200);
    await eventually(async () => (await codeStatus(token)) === 'unused', 'the code to be unused again');
    expect(await storedKeys()).toEqual(keysBefore);
  }

  const videoPart = (data: Buffer): Part => ({ name: 'video', filename: 'message.webm', type: 'video/webm', data });

  it('answers 400 to a body cut off inside the file (closing boundary missing, length correct)', async () => {
    const code = await newCode();
    const before = await storedKeys();
    const response = await post(code.qrToken, multipartBody([videoPart(clip)], { closed: false }), {
      'Accept-Language': 'en',
    });
    expect(response.status).toBe(400);
    expect(JSON.parse(response.text)).toEqual({
      statusCode: 400,
      error: 'The video did not arrive whole. Please try again',
    });
    await expectNothingLeft(code.qrToken, before);
  });

  it('answers 400 to a body cut off inside a part larger than one storage part', async () => {
    const code = await newCode();
    const before = await storedKeys();
    const whole = multipartBody([videoPart(videoOf(7 * 1024 * 1024))]);
    const response = await post(code.qrToken, whole.subarray(0, 6 * 1024 * 1024));
    expect(response.status).toBe(400);
    await expectNothingLeft(code.qrToken, before);
  });

  it('cleans up after a client that disconnects mid-file, and aborts the multipart upload', async () => {
    const code = await newCode();
    const before = await storedKeys();
    const uploadsBefore = proxy.uploadIds.length;
    const requestsBefore = proxy.requests.length;
    const body = multipartBody([videoPart(videoOf(12 * 1024 * 1024))]);
    const { hostname, port } = new URL(backend.url);
    const socket = connect(Number(port), hostname);
    socket.on('error', () => undefined);
    socket.write(
      `POST /api/messages/${code.qrToken}/video HTTP/1.1\r\nHost: ${hostname}\r\n` +
        `Content-Type: ${multipartType()}\r\nContent-Length: ${body.length}\r\n\r\n`,
    );
    socket.write(body.subarray(0, 8 * 1024 * 1024));
    // Gone once the first part is on its way to storage.
    await eventually(
      () => proxy.requests.slice(requestsBefore).some((r) => r.method === 'PUT' && /partNumber=1\b/.test(r.url)),
      'a part upload',
    );
    socket.destroy();
    await expectNothingLeft(code.qrToken, before);
    const uploadId = proxy.uploadIds[uploadsBefore];
    expect(uploadId).toBeDefined();
    await eventually(() => proxy.abortsOf(uploadId).length > 0, 'the multipart upload to be aborted');
  });

  it('answers 400 when the video part has no filename (a plain field, not a file)', async () => {
    const code = await newCode();
    const before = await storedKeys();
    const response = await post(code.qrToken, multipartBody([{ name: 'video', type: 'video/webm', data: clip }]));
    expect(response.status).toBe(400);
    expect(JSON.parse(response.text)).toEqual({ statusCode: 400, error: '영상 파일을 첨부해주세요' });
    await expectNothingLeft(code.qrToken, before);
  });

  it('answers 400 to two file parts and keeps neither', async () => {
    const code = await newCode();
    const before = await storedKeys();
    const response = await post(code.qrToken, multipartBody([videoPart(clip), videoPart(clip)]), {
      'Accept-Language': 'en',
    });
    expect(response.status).toBe(400);
    expect(JSON.parse(response.text)).toEqual({ statusCode: 400, error: 'Send one video file only' });
    await expectNothingLeft(code.qrToken, before);
  });

  it('answers 503 when the storage server fails mid-upload, frees the code and aborts the multipart upload', async () => {
    const code = await newCode();
    const before = await storedKeys();
    const uploadsBefore = proxy.uploadIds.length;
    proxy.failing = (r) => r.method === 'PUT' && /partNumber=2\b/.test(r.url);
    const response = await post(code.qrToken, multipartBody([videoPart(videoOf(12 * 1024 * 1024))]));
    expect({ status: response.status, body: JSON.parse(response.text) as unknown }).toEqual({
      status: 503,
      body: { statusCode: 503, error: '영상 저장소에 잠시 연결할 수 없습니다. 잠시 후 다시 시도해주세요' },
    });
    await expectNothingLeft(code.qrToken, before);
    const uploadId = proxy.uploadIds[uploadsBefore];
    await eventually(() => proxy.abortsOf(uploadId).length > 0, 'the multipart upload to be aborted');
  });

  it('answers 503 when the storage server refuses a small upload outright', async () => {
    const code = await newCode();
    const before = await storedKeys();
    proxy.failing = () => true;
    const response = await post(code.qrToken, multipartBody([videoPart(clip)]));
    expect(response.status).toBe(503);
    proxy.failing = () => false;
    await expectNothingLeft(code.qrToken, before);
  });

  it('still takes a sound upload afterwards', async () => {
    const code = await newCode();
    const response = await post(code.qrToken, multipartBody([videoPart(clip)]));
    expect(response.status).toBe(201);
    expect(await codeStatus(code.qrToken)).toBe('recorded');
    expect(backend.child.exitCode).toBeNull();
  });
});
