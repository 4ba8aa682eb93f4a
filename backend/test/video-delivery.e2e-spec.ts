import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GetObjectCommand } from '@aws-sdk/client-s3';
import { StorageService } from '../src/storage/storage.service';
import { type DeployNginx, startDeployNginx } from './support/deploy-nginx';
import { eventually } from './support/eventually';
import { startTestApp, type TestApp } from './support/test-app';
import { makeClip } from './support/video-fixtures';

jest.setTimeout(120_000);

interface Code {
  id: string;
  serialNumber: string;
  qrToken: string;
}

interface ReadyMessage {
  id: string;
  videoUrl: string;
  posterUrl: string;
  downloadUrl: string;
  sizeBytes: number;
}

/** A code with a transcoded message on it, recorded through the app's own routes. */
async function recordedCode(t: TestApp): Promise<{ code: Code; message: ReadyMessage; ownerKey: string }> {
  const auth = { Authorization: `Bearer ${await t.adminToken()}` };
  const [code] = (await t.http.post('/api/admin/qr').set(auth).send({ count: 1 }).expect(201)).body.items as Code[];
  const upload = await t.http
    .post(`/api/messages/${code.qrToken}/video`)
    .attach('video', makeClip('webm'), { filename: 'message.webm', contentType: 'video/webm' })
    .expect(201);
  const message = await eventually(
    async () => (await t.http.get(`/api/messages/${code.qrToken}`).expect(200)).body.message,
    (current: ReadyMessage & { state: string }) => current.state === 'ready',
    'the transcode',
    60_000,
  );
  return { code, message, ownerKey: upload.body.ownerKey as string };
}

/** The stored object's bytes, read from the S3 server directly. */
async function storedBytes(t: TestApp, key: string): Promise<Buffer> {
  const storage = t.app.get(StorageService);
  const object = await storage.client.send(new GetObjectCommand({ Bucket: storage.bucket, Key: key }));
  return Buffer.from(await object.Body!.transformToByteArray());
}

describe('VIDEO_DELIVERY=nginx: the backend allows, the deploy nginx streams the bytes from storage', () => {
  let t: TestApp;
  let nginx: DeployNginx;
  let site: string;
  let scratch: string;
  let recorded: Awaited<ReturnType<typeof recordedCode>>;
  let stored: Buffer;

  beforeAll(async () => {
    t = await startTestApp({ VIDEO_DELIVERY: 'nginx' });
    scratch = mkdtempSync(join(tmpdir(), 'giftcast-delivery-'));
    nginx = await startDeployNginx([`127.0.0.1:${new URL(t.url).port}`], scratch);
    site = nginx.site;
    await nginx.answering('/api/health');
    recorded = await recordedCode(t);
    stored = await storedBytes(t, `videos/${recorded.message.id}/video.mp4`);
  });

  afterAll(async () => {
    await nginx?.stop();
    await t?.close();
    rmSync(scratch, { recursive: true, force: true });
  });

  it('answers the backend with an internal redirect naming the message id, signed, and never the token', async () => {
    const response = await fetch(`${t.url}${recorded.message.videoUrl}`);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('');
    const target = response.headers.get('x-accel-redirect')!;
    const storage = new URL(t.storage.endpoint);
    expect(
      target.startsWith(
        `/__giftcast/storage/http/${storage.host}/giftcast-test/videos/${recorded.message.id}/video.mp4?`,
      ),
    ).toBe(true);
    expect(new URLSearchParams(target.split('?')[1]).get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
    expect(target).not.toContain(recorded.code.qrToken);
  });

  it('sends the whole video through nginx, byte for byte, with the headers of today and none of storage', async () => {
    const response = await fetch(`${site}${recorded.message.videoUrl}`);
    expect(response.status).toBe(200);
    expect(Buffer.from(await response.arrayBuffer()).equals(stored)).toBe(true);
    expect(response.headers.get('content-type')).toBe('video/mp4');
    expect(response.headers.get('content-length')).toBe(String(stored.length));
    expect(response.headers.get('cache-control')).toBe('private, max-age=3600');
    expect(response.headers.get('accept-ranges')).toBe('bytes');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('content-disposition')).toBeNull();
    expect([...response.headers.keys()].filter((name) => name.startsWith('x-amz-') || name === 'etag')).toEqual([]);
    expect(stored.length).toBe(recorded.message.sizeBytes);
  });

  // Explicit ranges, as players send them (the test's S3 server, s3rver, misreads suffix ranges, bytes=-N).
  it.each([
    [100, 199],
    [0, 1],
    [1000, undefined],
  ])('answers Range bytes=%d-%s with 206 and exactly those bytes', async (start, end) => {
    const response = await fetch(`${site}${recorded.message.videoUrl}`, {
      headers: { Range: `bytes=${start}-${end ?? ''}` },
    });
    expect(response.status).toBe(206);
    const expected = stored.subarray(start, end === undefined ? undefined : end + 1);
    expect(response.headers.get('content-range')).toBe(
      `bytes ${start}-${start + expected.length - 1}/${stored.length}`,
    );
    expect(Buffer.from(await response.arrayBuffer()).equals(expected)).toBe(true);
  });

  it('refuses a range past the end in the API shape, as the backend always has', async () => {
    const response = await fetch(`${site}${recorded.message.videoUrl}`, {
      headers: { Range: `bytes=${stored.length}-`, 'Accept-Language': 'en' },
    });
    expect(response.status).toBe(416);
    expect(response.headers.get('content-range')).toBe(`bytes */${stored.length}`);
    expect(await response.json()).toEqual({ statusCode: 416, error: 'The requested range is not available' });
  });

  it('keeps the download file name, and serves the poster the same way', async () => {
    const download = await fetch(`${site}${recorded.message.downloadUrl}`);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-disposition')).toBe(
      `attachment; filename=giftcast-${recorded.code.serialNumber}.mp4`,
    );
    expect(Buffer.from(await download.arrayBuffer()).equals(stored)).toBe(true);

    const poster = await fetch(`${site}${recorded.message.posterUrl}`);
    expect(poster.status).toBe(200);
    expect(poster.headers.get('content-type')).toBe('image/jpeg');
    const posterBytes = await storedBytes(t, `videos/${recorded.message.id}/poster.jpg`);
    expect(Buffer.from(await poster.arrayBuffer()).equals(posterBytes)).toBe(true);
  });

  it('logs the video by its route, never its id or the storage request', async () => {
    const lines = await eventually(
      () =>
        readFileSync(nginx.accessLog, 'utf8')
          .split('\n')
          .filter(Boolean)
          .map((line) => JSON.parse(line) as { path: string; status: number }),
      (all) => all.some((line) => line.status === 206),
      'the access lines',
      5000,
    );
    const text = JSON.stringify(lines);
    expect(text).not.toContain(recorded.message.id);
    expect(text).not.toContain('X-Amz');
    expect(lines.filter((line) => line.status === 206).map((line) => line.path)).toContain('/api/videos/:id');
  });

  it('still refuses an unknown video and a taken-back message, and never lets a visitor ask storage through nginx', async () => {
    const unknown = await fetch(`${site}/api/videos/00000000-0000-4000-8000-000000000000`);
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ statusCode: 404, error: '영상을 찾을 수 없습니다' });

    const { target } = {
      target: (await fetch(`${t.url}${recorded.message.videoUrl}`)).headers.get('x-accel-redirect')!,
    };
    const direct = await fetch(`${site}${target}`);
    expect(direct.status).toBe(404);
    expect(Buffer.from(await direct.arrayBuffer()).equals(stored)).toBe(false);

    await t.http
      .delete(`/api/messages/${recorded.code.qrToken}/video`)
      .set('x-owner-key', recorded.ownerKey)
      .expect(204);
    const gone = await fetch(`${site}${recorded.message.videoUrl}`, { headers: { Range: 'bytes=0-99' } });
    expect(gone.status).toBe(404);
  });
});

describe('VIDEO_DELIVERY=redirect: the player is sent to a short-lived signed URL at S3_PUBLIC_ENDPOINT', () => {
  let t: TestApp;
  let publicEndpoint: string;
  let recorded: Awaited<ReturnType<typeof recordedCode>>;
  let stored: Buffer;

  beforeAll(async () => {
    // The storage's public name differs from the backend's own (localhost, not 127.0.0.1).
    const settings: Record<string, string> = { VIDEO_DELIVERY: 'redirect' };
    t = await startTestApp(settings, {
      storageVia: (endpoint) => {
        publicEndpoint = endpoint.replace('127.0.0.1', 'localhost');
        settings.S3_PUBLIC_ENDPOINT = publicEndpoint;
        return Promise.resolve(endpoint);
      },
    });
    recorded = await recordedCode(t);
    stored = await storedBytes(t, `videos/${recorded.message.id}/video.mp4`);
  });
  afterAll(() => t?.close());

  it('answers 302 to the public storage address, signed, naming the message id and never the token; Range works there', async () => {
    const response = await fetch(`${t.url}${recorded.message.videoUrl}`, { redirect: 'manual' });
    expect(response.status).toBe(302);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const location = response.headers.get('location')!;
    expect(location.startsWith(`${publicEndpoint}/giftcast-test/videos/${recorded.message.id}/video.mp4?`)).toBe(true);
    expect(location).not.toContain(recorded.code.qrToken);
    expect(Number(new URL(location).searchParams.get('X-Amz-Expires'))).toBeLessThanOrEqual(600);

    const ranged = await fetch(`${t.url}${recorded.message.videoUrl}`, { headers: { Range: 'bytes=10-19' } });
    expect(ranged.status).toBe(206);
    expect(Buffer.from(await ranged.arrayBuffer()).equals(stored.subarray(10, 20))).toBe(true);
    expect(ranged.headers.get('cache-control')).toBe('private, max-age=3600');

    const download = await fetch(`${t.url}${recorded.message.downloadUrl}`);
    expect(download.headers.get('content-disposition')).toBe(
      `attachment; filename=giftcast-${recorded.code.serialNumber}.mp4`,
    );
  });

  it('lets pages play from the public storage address (Content-Security-Policy), and refuses an unknown video', async () => {
    const page = await fetch(`${t.url}/api/health`);
    expect(page.headers.get('content-security-policy')).toContain(`media-src 'self' blob: ${publicEndpoint}`);
    const unknown = await fetch(`${t.url}/api/videos/00000000-0000-4000-8000-000000000000`, { redirect: 'manual' });
    expect(unknown.status).toBe(404);
  });

  it('sends a link that storage refuses once its time is over', async () => {
    const location = (await fetch(`${t.url}${recorded.message.videoUrl}`, { redirect: 'manual' })).headers.get(
      'location',
    )!;
    const url = new URL(location);
    expect((await fetch(url, { headers: { Range: 'bytes=0-0' } })).status).toBe(206);
    // The same link, as if asked for when its X-Amz-Expires seconds had passed.
    const signedAt = url.searchParams
      .get('X-Amz-Date')!
      .replace(/^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/, '$1-$2-$3T$4:$5:$6Z');
    const lifetime = Number(url.searchParams.get('X-Amz-Expires'));
    const earlier = new Date(Date.parse(signedAt) - (lifetime + 1) * 1000);
    url.searchParams.set('X-Amz-Date', earlier.toISOString().replace(/[-:]|\.\d{3}/g, ''));
    expect((await fetch(url)).status).toBe(403);
  });
});
