import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type EmbeddedStorage, startEmbeddedStorage } from '../src/local/embedded-storage';
import { freePort } from '../src/local/free-port';
import { logId } from '../src/logging/log-id';
import { type BackendProcess, startBackendProcess } from './support/backend-process';
import { eventually } from './support/eventually';
import { createTestSchema, type TestSchema } from './support/test-database';
import { makeClip } from './support/video-fixtures';
import { PRODUCTION_STORAGE_SECRET, productionEnv } from './support/production-settings';

const BUCKET = 'giftcast-logs';
/** Values that must never reach the log, whichever way they were sent. */
const SECRETS = {
  bearer: 'bearer-secret-7f3a9c',
  cookie: 'cookie-secret-51be02',
  ownerKey: 'owner-key-secret-c0ffee',
  qrToken: 'qrTokenSecret0123456789ab',
  unsubscribeToken: 'unsubscribe-secret-9d8e7f',
  password: 'typed-password-secret-4242',
  inquiry: 'inquiry-body-secret-8080',
  videoId: '6f1c1d2e-3a4b-4c5d-8e9f-0a1b2c3d4e5f',
};

interface LogLine {
  level: string;
  time: string;
  msg: string;
  context?: string;
  reqId?: string;
  req?: { method: string; url: string; remoteAddress?: string };
  res?: { statusCode: number };
  responseTime?: number;
}

/**
 * The backend as production runs it (NODE_ENV=production, with the settings production insists
 * on): its standard output is JSON lines a log collector can read, one per request with its id.
 */
describe('logs in production', () => {
  let schema: TestSchema;
  let storageDir: string;
  let storage: EmbeddedStorage;
  let backend: BackendProcess;

  beforeAll(async () => {
    schema = await createTestSchema();
    storageDir = mkdtempSync(join(tmpdir(), 'giftcast-logs-'));
    // A storage secret production accepts (s3rver's own is too guessable).
    storage = await startEmbeddedStorage(storageDir, BUCKET, { secretAccessKey: PRODUCTION_STORAGE_SECRET });
    // The test server trusts local connections, so any password gets in; production wants one.
    backend = await startBackendProcess({
      ...productionEnv({
        databaseUrl: schema.url,
        storage,
        bucket: BUCKET,
        // Nothing listens there: the inquiry's notification fails, and says so in the log.
        smtpUrl: `smtp://mailer:smtp-secret@127.0.0.1:${await freePort()}`,
        adminPassword: 'logs-admin-password-123',
        jwtSecret: 'logs-jwt-secret-0123456789abcdef0123',
      }),
      DATABASE_POOL_SIZE: '2',
    });
  });

  afterAll(async () => {
    await backend?.stop();
    await storage?.stop();
    rmSync(storageDir, { recursive: true, force: true });
    await schema?.drop();
  });

  function lines(): LogLine[] {
    return backend
      .output()
      .split('\n')
      .filter((line) => line !== '')
      .map((line) => JSON.parse(line) as LogLine);
  }

  async function requestLine(id: string): Promise<LogLine> {
    const deadline = Date.now() + 5000;
    for (;;) {
      const found = lines().filter((line) => line.reqId === id && line.res);
      if (found.length > 0 || Date.now() > deadline) {
        expect(found).toHaveLength(1);
        return found[0];
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  it('writes every line as JSON without colour codes, Nest’s own and the app’s included', () => {
    const output = backend.output();
    expect(output).not.toContain('\u001b[');
    const logged = lines();
    expect(logged.length).toBeGreaterThan(10);
    for (const line of logged) {
      expect(line).toMatchObject({ level: expect.any(String), time: expect.any(String), msg: expect.any(String) });
      expect(Number.isNaN(Date.parse(line.time))).toBe(false);
    }
    expect(logged).toContainEqual(expect.objectContaining({ context: 'RoutesResolver', level: 'info' }));
    expect(logged).toContainEqual(
      expect.objectContaining({ context: 'Main', msg: expect.stringContaining('listening') }),
    );
  });

  it('logs one line per request with its method, address, status and the id it sent back', async () => {
    const response = await fetch(`${backend.url}/api/posts?published=true`, {
      headers: { 'X-Request-Id': 'edge-7b2c.91:a_b-c' },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('x-request-id')).toBe('edge-7b2c.91:a_b-c');

    const line = await requestLine('edge-7b2c.91:a_b-c');
    expect(line).toMatchObject({
      level: 'info',
      reqId: 'edge-7b2c.91:a_b-c',
      req: { method: 'GET', url: '/api/posts?published=true' },
      res: { statusCode: 200 },
      responseTime: expect.any(Number),
      msg: 'GET /api/posts?published=true 200',
    });
  });

  it.each([
    ['too long', 'a'.repeat(65)],
    ['with spaces', 'two words'],
    ['with JSON in it', '{"level":"fatal"}'],
  ])('replaces an X-Request-Id that is %s with one of its own', async (_, given) => {
    const response = await fetch(`${backend.url}/api/testimonials/featured`, { headers: { 'X-Request-Id': given } });
    const id = response.headers.get('x-request-id')!;
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect((await requestLine(id)).req).toMatchObject({ method: 'GET', url: '/api/testimonials/featured' });
    expect(backend.output()).not.toContain(given);
  });

  it('gives an answer without an X-Request-Id a new id, also when the route does not exist', async () => {
    const response = await fetch(`${backend.url}/api/nowhere`);
    expect(response.status).toBe(404);
    const line = await requestLine(response.headers.get('x-request-id')!);
    expect(line).toMatchObject({
      level: 'warn',
      req: { method: 'GET', url: '/api/nowhere' },
      res: { statusCode: 404 },
    });
  });

  it('never logs credentials, bodies, QR tokens, video ids or the unsubscribe token', async () => {
    const sent = [
      await fetch(`${backend.url}/api/posts`, {
        headers: {
          Authorization: `Bearer ${SECRETS.bearer}`,
          Cookie: `giftcast-language=en; session=${SECRETS.cookie}`,
        },
      }),
      await fetch(`${backend.url}/api/messages/${SECRETS.qrToken}/video`, {
        method: 'DELETE',
        headers: { 'X-Owner-Key': SECRETS.ownerKey },
      }),
      await fetch(`${backend.url}/api/messages/${SECRETS.qrToken}`),
      await fetch(`${backend.url}/api/qr/${SECRETS.qrToken}/image.png?size=200`),
      await fetch(`${backend.url}/api/videos/${SECRETS.videoId}?download=1`),
      // A resumable upload's address holds its message's id, which is the video's.
      await fetch(`${backend.url}/api/uploads/${SECRETS.videoId}`, {
        method: 'HEAD',
        headers: { 'Tus-Resumable': '1.0.0', 'X-Owner-Key': SECRETS.ownerKey },
      }),
      await fetch(`${backend.url}/api/unsubscribe/one-click?lang=en&token=${SECRETS.unsubscribeToken}`, {
        redirect: 'manual',
      }),
      await fetch(`${backend.url}/api/unsubscribe`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ token: SECRETS.unsubscribeToken }),
      }),
      await fetch(`${backend.url}/api/admin/verify`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ password: SECRETS.password }),
      }),
    ];
    const urls = await Promise.all(
      sent.map(async (response) => (await requestLine(response.headers.get('x-request-id')!)).req!.url),
    );
    expect(urls).toEqual([
      '/api/posts',
      '/api/messages/[Redacted]/video',
      '/api/messages/[Redacted]',
      '/api/qr/[Redacted]/image.png?size=200',
      '/api/videos/[Redacted]?download=1',
      '/api/uploads/[Redacted]',
      '/api/unsubscribe/one-click?lang=en&token=[Redacted]',
      '/api/unsubscribe',
      '/api/admin/verify',
    ]);
    const output = backend.output();
    for (const secret of Object.values(SECRETS)) expect(output).not.toContain(secret);
    expect(output).not.toMatch(/authorization|cookie|x-owner-key/i);
  });

  it('names a video in the transcoder’s and the upload’s lines by a hash of its id, never the id itself', async () => {
    const login = await fetch(`${backend.url}/api/admin/verify`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ password: 'logs-admin-password-123' }),
    });
    const { token } = (await login.json()) as { token: string };
    const created = await fetch(`${backend.url}/api/admin/qr`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ count: 3 }),
    });
    const codes = ((await created.json()) as { items: { qrToken: string }[] }).items.map((c) => c.qrToken);
    const send = (qrToken: string, bytes: Buffer, name: string, type: string) => {
      const form = new FormData();
      form.append('video', new Blob([new Uint8Array(bytes)], { type }), name);
      return fetch(`${backend.url}/api/messages/${qrToken}/video`, { method: 'POST', body: form });
    };
    const settled = (qrToken: string) =>
      eventually(
        async () =>
          (await (await fetch(`${backend.url}/api/messages/${qrToken}`)).json()) as {
            message: { id: string; state: string } | null;
          },
        (body) => body.message !== null && body.message.state !== 'processing',
        'the transcoder to finish',
      );
    // One becomes a message, one fails in the transcoder, one is refused as it uploads.
    expect((await send(codes[0], makeClip('webm'), 'message.webm', 'video/webm')).status).toBe(201);
    const unreadable = Buffer.concat([
      Buffer.from('000000186674797069736f6d0000020069736f6d69736f32', 'hex'),
      randomBytes(512),
    ]);
    expect((await send(codes[1], unreadable, 'broken.mp4', 'video/mp4')).status).toBe(201);
    const ready = (await settled(codes[0])).message!;
    const failed = (await settled(codes[1])).message!;
    expect([ready.state, failed.state]).toEqual(['ready', 'failed']);
    const ids = [ready.id, failed.id];
    const audioOnly = execFileSync('ffmpeg', [
      '-loglevel',
      'error',
      '-f',
      'lavfi',
      '-i',
      'sine=duration=1',
      '-c:a',
      'aac',
      '-f',
      'mp4',
      '-movflags',
      'frag_keyframe+empty_moov',
      '-',
    ]);
    expect((await send(codes[2], audioOnly, 'voice.mp4', 'video/mp4')).status).toBe(422);

    const transcoder = lines().filter((line) => line.context === 'Transcode' || line.context === 'VideoUpload');
    expect(transcoder.map((line) => line.msg)).toEqual(
      expect.arrayContaining([
        expect.stringContaining(`message ${logId(ready.id)}:`),
        expect.stringContaining(`message ${logId(failed.id)} cannot be played`),
        expect.stringMatching(/^message [0-9a-f]{12} refused on upload/),
      ]),
    );
    const output = backend.output();
    for (const id of ids) expect(output).not.toContain(id);
    for (const qrToken of codes) expect(output).not.toContain(qrToken);
  }, 120_000);

  it('tags what a service logs while handling a request with the request’s id', async () => {
    const response = await fetch(`${backend.url}/api/contact`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Request-Id': 'inquiry-1' },
      body: JSON.stringify({
        name: 'Kim Logs',
        email: 'kim@giftcast.test',
        message: `Please call me back: ${SECRETS.inquiry}`,
      }),
    });
    expect(response.status).toBe(201);
    await requestLine('inquiry-1');
    const failure = lines().find((line) => line.context === 'Inquiries');
    expect(failure).toMatchObject({ level: 'error', reqId: 'inquiry-1', msg: expect.stringMatching(/failed/) });
    expect(backend.output()).not.toContain(SECRETS.inquiry);
    expect(backend.output()).not.toContain('smtp-secret');
  });
});
