import { createHash, randomBytes } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { GetObjectCommand, ListMultipartUploadsCommand, ListObjectsV2Command } from '@aws-sdk/client-s3';
import { Clock } from '../src/common/clock';
import { StorageService } from '../src/storage/storage.service';
import { PurgeExpiredJob } from '../src/video/purge-expired.job';
import { startMotoStorage } from '../src/local/moto-storage';
import { eventually } from './support/eventually';
import { S3FaultProxy, type S3Request } from './support/fault-proxy';
import { startTestApp, type TestApp } from './support/test-app';
import { makeClip } from './support/video-fixtures';

const MAX_BYTES = 40 * 1024 * 1024;
const HOUR_MS = 3600 * 1000;

interface Code {
  id: string;
  qrToken: string;
  status: string;
}

interface Created {
  location: string;
  ownerKey: string;
}

/**
 * A video of `size` bytes: a real 10 s clip first (it sniffs and probes as one, at a bit rate a
 * phone records), then filler.
 */
function paddedClip(size: number): Buffer {
  const clip = makeClip('webm', 10);
  return Buffer.concat([clip, randomBytes(size - clip.length)]);
}

/** The checks' reads of a stored upload: the whole object, not its parts or its record. */
const checksRead = (request: S3Request) =>
  request.method === 'GET' && /\/original(\?|$)/.test(request.url) && !/[?&]uploadId=/.test(request.url);

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

describe('resumable uploads (tus 1.0) over HTTP', () => {
  let t: TestApp;
  let auth: { Authorization: string };
  let clip: Buffer;
  let proxy: S3FaultProxy;

  beforeAll(async () => {
    t = await startTestApp(
      { VIDEO_MAX_BYTES: String(MAX_BYTES), UPLOAD_EXPIRY_HOURS: '24' },
      {
        storageServer: startMotoStorage,
        storageVia: async (endpoint) => (proxy = await new S3FaultProxy(endpoint).start()).endpoint,
      },
    );
    auth = { Authorization: `Bearer ${await t.adminToken()}` };
    clip = makeClip('webm');
  });
  afterAll(async () => {
    await t?.close();
    await proxy?.stop();
  });

  async function newCode(): Promise<Code> {
    const response = await t.http.post('/api/admin/qr').set(auth).send({ count: 1 }).expect(201);
    return response.body.items[0];
  }

  async function codeStatus(code: Code): Promise<string> {
    return (await t.http.get(`/api/messages/${code.qrToken}`).expect(200)).body.status;
  }

  function create(token: string, length: number) {
    return fetch(`${t.url}/api/messages/${token}/uploads`, {
      method: 'POST',
      headers: {
        'Tus-Resumable': '1.0.0',
        'Upload-Length': String(length),
        'Upload-Metadata': `filename ${Buffer.from('message.webm').toString('base64')},filetype ${Buffer.from('video/webm').toString('base64')}`,
      },
    });
  }

  async function created(token: string, length: number): Promise<Created> {
    const response = await create(token, length);
    expect(response.status).toBe(201);
    return { location: response.headers.get('location')!, ownerKey: response.headers.get('x-owner-key')! };
  }

  function head(upload: Created, ownerKey = upload.ownerKey) {
    return fetch(`${t.url}${upload.location}`, {
      method: 'HEAD',
      headers: { 'Tus-Resumable': '1.0.0', 'X-Owner-Key': ownerKey },
    });
  }

  function patch(upload: Created, offset: number, bytes: Buffer, ownerKey = upload.ownerKey) {
    return fetch(`${t.url}${upload.location}`, {
      method: 'PATCH',
      headers: {
        'Tus-Resumable': '1.0.0',
        'Upload-Offset': String(offset),
        'Content-Type': 'application/offset+octet-stream',
        'X-Owner-Key': ownerKey,
      },
      body: bytes,
    });
  }

  /** Sends `bytes` from `offset` and cuts the connection once `sent` of them are out. */
  function cutPatch(upload: Created, offset: number, bytes: Buffer, sent: number): Promise<void> {
    return new Promise((resolve) => {
      const target = new URL(`${t.url}${upload.location}`);
      const req = httpRequest({
        host: target.hostname,
        port: target.port,
        path: target.pathname,
        method: 'PATCH',
        headers: {
          'Tus-Resumable': '1.0.0',
          'Upload-Offset': String(offset),
          'Content-Type': 'application/offset+octet-stream',
          'Content-Length': String(bytes.length),
          'X-Owner-Key': upload.ownerKey,
        },
      });
      req.on('error', () => resolve());
      req.on('response', (response) => {
        response.resume();
        resolve();
      });
      req.write(bytes.subarray(0, sent), () => setTimeout(() => req.destroy(), 200));
    });
  }

  async function offsetOf(upload: Created): Promise<number> {
    const response = await head(upload);
    expect(response.status).toBe(200);
    return Number(response.headers.get('upload-offset'));
  }

  async function storedOriginal(messageId: string): Promise<Buffer> {
    const storage = t.app.get(StorageService);
    const object = await storage.client.send(
      new GetObjectCommand({ Bucket: storage.bucket, Key: `videos/${messageId}/original` }),
    );
    return Buffer.from(await object.Body!.transformToByteArray());
  }

  async function keysUnder(messageId: string): Promise<string[]> {
    const storage = t.app.get(StorageService);
    const page = await storage.client.send(
      new ListObjectsV2Command({ Bucket: storage.bucket, Prefix: `videos/${messageId}/` }),
    );
    return (page.Contents ?? []).map((o) => o.Key!);
  }

  async function multipartUploadsUnder(messageId: string): Promise<number> {
    const storage = t.app.get(StorageService);
    const page = await storage.client.send(
      new ListMultipartUploadsCommand({ Bucket: storage.bucket, Prefix: `videos/${messageId}/` }),
    );
    return page.Uploads?.length ?? 0;
  }

  const idOf = (upload: Created) => upload.location.split('/').pop()!;

  it('resumes a 30 MiB upload cut mid-PATCH three times from the offset HEAD answers, storing it byte for byte', async () => {
    const code = await newCode();
    const bytes = paddedClip(30 * 1024 * 1024);
    const upload = await created(code.qrToken, bytes.length);
    expect(upload.location).toMatch(/^\/api\/uploads\/[0-9a-f-]{36}$/);
    expect(upload.location).not.toContain(code.qrToken);
    expect(upload.ownerKey).toMatch(/^[\w-]{20,}$/);
    expect(await codeStatus(code)).toBe('recorded');

    let offset = 0;
    for (let cut = 0; cut < 3; cut += 1) {
      await cutPatch(upload, offset, bytes.subarray(offset), 9 * 1024 * 1024);
      const resumed = await offsetOf(upload);
      expect(resumed).toBeGreaterThanOrEqual(offset);
      expect(resumed).toBeLessThan(bytes.length);
      offset = resumed;
    }
    expect(offset).toBeGreaterThan(0);

    const last = await patch(upload, offset, bytes.subarray(offset));
    expect(last.status).toBe(200);
    const answer = (await last.json()) as { message: { id: string; status: string }; ownerKey: string };
    expect(answer.ownerKey).toBe(upload.ownerKey);
    expect(answer.message.id).toBe(idOf(upload));
    expect(sha256(await storedOriginal(answer.message.id))).toBe(sha256(bytes));
    expect(await multipartUploadsUnder(answer.message.id)).toBe(0);
    expect(await keysUnder(answer.message.id)).not.toContain(`videos/${answer.message.id}/original.info`);

    // Finished: its HEAD answers every byte in, it takes no more bytes, and today's take-back
    // works with its key.
    const finished = await head(upload);
    expect(finished.status).toBe(200);
    expect(finished.headers.get('upload-offset')).toBe(String(bytes.length));
    expect(finished.headers.get('upload-length')).toBe(String(bytes.length));
    expect(finished.headers.get('cache-control')).toBe('no-store');
    expect((await patch(upload, bytes.length, Buffer.from('more'))).status).toBe(404);
    expect((await head(upload, 'not-the-key')).status).toBe(404);
    await t.http.delete(`/api/messages/${code.qrToken}/video`).set('X-Owner-Key', upload.ownerKey).expect(204);
    expect(await codeStatus(code)).toBe('unused');
  });

  it('gives a code to exactly one of simultaneous creations; the others get the conflict of today', async () => {
    const code = await newCode();
    const answers = await Promise.all(Array.from({ length: 5 }, () => create(code.qrToken, clip.length)));
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses).toEqual([201, 409, 409, 409, 409]);
    const loser = answers.find((r) => r.status === 409)!;
    expect(loser.headers.get('x-owner-key')).toBeNull();
    const today = await t.http
      .post(`/api/messages/${code.qrToken}/video`)
      .attach('video', clip, { filename: 'message.webm', contentType: 'video/webm' })
      .expect(409);
    expect(await loser.json()).toEqual(today.body);
  });

  it('refuses a code listed on /try as today’s upload does, and leaves it listed with no message', async () => {
    const listed = (await t.http.post('/api/admin/qr').set(auth).send({ count: 1, pool: 'try' }).expect(201)).body
      .items[0] as Code;
    const response = await create(listed.qrToken, clip.length);
    expect(response.status).toBe(409);
    expect(response.headers.get('x-owner-key')).toBeNull();
    const today = await t.http
      .post(`/api/messages/${listed.qrToken}/video`)
      .attach('video', clip, { filename: 'message.webm', contentType: 'video/webm' })
      .expect(409);
    expect(await response.json()).toEqual(today.body);
    expect(today.body.error).toBe('체험 페이지에 공개된 QR 코드입니다. 영상을 남기기 전에 나만의 코드로 바꿔주세요');
    expect((await t.http.get(`/api/messages/${listed.qrToken}`).expect(200)).body).toMatchObject({
      status: 'unused',
      listed: true,
      message: null,
    });
    expect(await t.db.query('SELECT id FROM video_messages WHERE qr_code_id = $1', [listed.id])).toEqual([]);
  });

  it('answers an unknown code 404 as today', async () => {
    const response = await create('no-such-token-000', clip.length);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ statusCode: 404, error: expect.any(String) });
  });

  it('lets no one without the owner key read, append to or end an upload', async () => {
    const code = await newCode();
    const upload = await created(code.qrToken, clip.length);
    const wrong = 'x'.repeat(32);
    expect((await head(upload, wrong)).status).toBe(404);
    expect((await head(upload, '')).status).toBe(404);
    expect((await patch(upload, 0, clip, wrong)).status).toBe(404);
    const ended = await fetch(`${t.url}${upload.location}`, {
      method: 'DELETE',
      headers: { 'Tus-Resumable': '1.0.0', 'X-Owner-Key': wrong },
    });
    expect(ended.status).toBe(404);
    expect(await offsetOf(upload)).toBe(0);
    expect(await codeStatus(code)).toBe('recorded');
  });

  it('ends an upload on termination: its multipart upload and objects go, the code is unused again', async () => {
    const code = await newCode();
    const bytes = paddedClip(12 * 1024 * 1024);
    const upload = await created(code.qrToken, bytes.length);
    expect((await patch(upload, 0, bytes.subarray(0, 9 * 1024 * 1024))).status).toBe(204);
    const ended = await fetch(`${t.url}${upload.location}`, {
      method: 'DELETE',
      headers: { 'Tus-Resumable': '1.0.0', 'X-Owner-Key': upload.ownerKey },
    });
    expect(ended.status).toBe(204);
    expect(await codeStatus(code)).toBe('unused');
    expect(await multipartUploadsUnder(idOf(upload))).toBe(0);
    expect(await keysUnder(idOf(upload))).toEqual([]);
  });

  it('refuses an Upload-Length over the limit with 413 and keeps the code unused', async () => {
    const code = await newCode();
    const response = await create(code.qrToken, MAX_BYTES + 1);
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ statusCode: 413, error: expect.any(String) });
    expect(await codeStatus(code)).toBe('unused');
  });

  it('answers 409 to a PATCH whose offset is not the upload’s', async () => {
    const code = await newCode();
    const upload = await created(code.qrToken, clip.length);
    expect((await patch(upload, 10, clip.subarray(10))).status).toBe(409);
    expect(await offsetOf(upload)).toBe(0);
  });

  it('refuses a file that is no video as today’s upload does, removing it and freeing the code', async () => {
    const code = await newCode();
    const bytes = Buffer.from('<html><script>alert(1)</script></html>'.repeat(1000));
    const upload = await created(code.qrToken, bytes.length);
    const response = await patch(upload, 0, bytes);
    expect(response.status).toBe(415);
    const today = await t.http
      .post(`/api/messages/${(await newCode()).qrToken}/video`)
      .attach('video', bytes, { filename: 'message.webm', contentType: 'video/webm' })
      .expect(415);
    expect(await response.json()).toEqual(today.body);
    expect(await codeStatus(code)).toBe('unused');
    expect(await keysUnder(idOf(upload))).toEqual([]);
    expect(await multipartUploadsUnder(idOf(upload))).toBe(0);
  });

  it('refuses a video beyond the limits (422) as today’s upload does, removing it and freeing the code', async () => {
    const code = await newCode();
    const long = makeClip('webm', 200, '64x48');
    const upload = await created(code.qrToken, long.length);
    const response = await patch(upload, 0, long);
    expect(response.status).toBe(422);
    const today = await t.http
      .post(`/api/messages/${(await newCode()).qrToken}/video`)
      .attach('video', long, { filename: 'message.webm', contentType: 'video/webm' })
      .expect(422);
    expect(await response.json()).toEqual(today.body);
    expect(await codeStatus(code)).toBe('unused');
    expect(await keysUnder(idOf(upload))).toEqual([]);
  });

  it('purges an upload abandoned past its expiry: no parts left, the code unused again', async () => {
    const code = await newCode();
    const bytes = paddedClip(12 * 1024 * 1024);
    const upload = await created(code.qrToken, bytes.length);
    expect((await patch(upload, 0, bytes.subarray(0, 9 * 1024 * 1024))).status).toBe(204);
    const purge = t.app.get(PurgeExpiredJob);
    const now = t.app.get(Clock).now().getTime();

    await purge.run(new Date(now + 23 * HOUR_MS));
    expect(await offsetOf(upload)).toBe(9 * 1024 * 1024);
    expect(await codeStatus(code)).toBe('recorded');

    await purge.run(new Date(now + 25 * HOUR_MS));
    expect(await codeStatus(code)).toBe('unused');
    expect(await multipartUploadsUnder(idOf(upload))).toBe(0);
    expect(await keysUnder(idOf(upload))).toEqual([]);
    expect((await head(upload)).status).toBe(404);
  });

  it('answers 503 while the storage is down mid-upload, and the upload resumes once it is back', async () => {
    const code = await newCode();
    const bytes = paddedClip(20 * 1024 * 1024);
    const upload = await created(code.qrToken, bytes.length);
    expect((await patch(upload, 0, bytes.subarray(0, 8 * 1024 * 1024))).status).toBe(204);

    proxy.failing = (request) => request.method === 'PUT' && /[?&]partNumber=/.test(request.url);
    const failed = await patch(upload, 8 * 1024 * 1024, bytes.subarray(8 * 1024 * 1024));
    expect(failed.status).toBe(503);
    expect(await failed.json()).toEqual({ statusCode: 503, error: expect.any(String) });
    proxy.failing = () => false;

    const offset = await offsetOf(upload);
    expect(offset).toBe(8 * 1024 * 1024);
    const last = await patch(upload, offset, bytes.subarray(offset));
    expect(last.status).toBe(200);
    const answer = (await last.json()) as { message: { id: string } };
    expect(sha256(await storedOriginal(answer.message.id))).toBe(sha256(bytes));
  });

  it.each<[string, (request: S3Request) => boolean]>([
    // The checks read the stored original; storage fails just those reads.
    ['failed its checks', checksRead],
    // CompleteMultipartUpload: every part is in, the object is never put together.
    ['failed to put its parts together', (request) => request.method === 'POST' && /[?&]uploadId=/.test(request.url)],
  ])('finishes at the next HEAD an upload whose every byte was stored when storage %s', async (_, failing) => {
    const code = await newCode();
    const upload = await created(code.qrToken, clip.length);
    proxy.failing = failing;
    const failed = await patch(upload, 0, clip);
    expect(failed.status).toBe(503);
    proxy.failing = () => false;
    expect(await codeStatus(code)).toBe('recorded');

    // The client resumes: HEAD finds every byte in, and the upload is finished before it answers.
    const resumed = await head(upload);
    expect(resumed.status).toBe(200);
    expect(resumed.headers.get('upload-offset')).toBe(String(clip.length));
    const state = (await t.http.get(`/api/messages/${code.qrToken}`).expect(200)).body as {
      message: { id: string; state: string };
    };
    expect(['processing', 'ready']).toContain(state.message.state);
    expect(sha256(await storedOriginal(state.message.id))).toBe(sha256(clip));
    expect(await multipartUploadsUnder(state.message.id)).toBe(0);
    // Finished once: a second HEAD finds it finished, with nothing left to do.
    const again = await head(upload);
    expect(again.status).toBe(200);
    expect(again.headers.get('upload-offset')).toBe(String(clip.length));
    expect(await multipartUploadsUnder(state.message.id)).toBe(0);
  });

  it('checks an upload once when the client, its last PATCH unanswered while storage is slow, resumes with a HEAD', async () => {
    const code = await newCode();
    const upload = await created(code.qrToken, clip.length);
    // Storage is slow to answer the checks' reads of this upload (the transcoder reads others).
    proxy.holding = (request) => checksRead(request) && request.url.includes(idOf(upload));
    const checksOfThis = () => proxy.held.filter((request) => request.url.includes(idOf(upload))).length;
    const last = patch(upload, 0, clip);
    await eventually(checksOfThis, (held) => held > 0, 'the checks reading the upload');

    // The client gave up on the PATCH and asks where the upload stands while the checks still run.
    const resumed = head(upload);
    // Time for a second run of the checks to reach storage too, were one to start.
    await new Promise((done) => setTimeout(done, 2_000));
    const checksRunning = checksOfThis();
    proxy.letHeldGo();

    const [finished, answered] = await Promise.all([last, resumed]);
    expect(checksRunning).toBe(1);
    expect(finished.status).toBe(200);
    const { message } = (await finished.json()) as { message: { id: string; state: string } };
    expect(message.state).toBe('processing');
    expect(answered.status).toBe(200);
    expect(answered.headers.get('upload-offset')).toBe(String(clip.length));
    expect(await codeStatus(code)).toBe('recorded');
    expect(sha256(await storedOriginal(message.id))).toBe(sha256(clip));

    // Transcoded, the message's size is the MP4's; the upload's HEAD still answers the upload's own.
    await eventually(
      () => t.http.get(`/api/messages/${code.qrToken}`),
      (r) => r.body.message?.state === 'ready',
      'the transcode',
    );
    const [{ size_bytes }] = await t.db.query('SELECT size_bytes FROM video_messages WHERE id = $1', [message.id]);
    expect(Number(size_bytes)).not.toBe(clip.length);
    const later = await head(upload);
    expect(later.status).toBe(200);
    expect(later.headers.get('upload-offset')).toBe(String(clip.length));
    expect(later.headers.get('upload-length')).toBe(String(clip.length));
  });
});
