import { expectContractError } from './support/contract';
import { SseClient } from './support/sse-client';
import { startTestApp, type TestApp } from './support/test-app';
import { makeClip } from './support/video-fixtures';

interface Code {
  id: string;
  serialNumber: string;
  qrToken: string;
  status: string;
}

describe('taking a code from /try over HTTP', () => {
  let t: TestApp;
  let auth: { Authorization: string };

  beforeAll(async () => {
    t = await startTestApp();
    auth = { Authorization: `Bearer ${await t.adminToken()}` };
  });
  afterAll(() => t.close());

  async function generate(count: number, pool: 'try' | 'print'): Promise<Code[]> {
    return (await t.http.post('/api/admin/qr').set(auth).send({ count, pool }).expect(201)).body.items;
  }

  const take = (token: string) => t.http.post(`/api/qr/${token}/take`);
  const upload = (token: string) =>
    t.http
      .post(`/api/messages/${token}/video`)
      .attach('video', makeClip('webm', 1), { filename: 'message.webm', contentType: 'video/webm' });

  async function waitForReady(token: string): Promise<{ message: { videoUrl: string; downloadUrl: string } }> {
    const deadline = Date.now() + 60_000;
    for (;;) {
      const { body } = await t.http.get(`/api/messages/${token}`).expect(200);
      if (body.message?.state === 'ready') return body;
      if (Date.now() > deadline) throw new Error(`not ready: ${JSON.stringify(body)}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }

  it('nobody who saved the list, the stream and the images of /try can read a message recorded on a code from it', async () => {
    await generate(3, 'try');
    const stream = await SseClient.connect(`${t.url}/api/qr/available/stream`);
    try {
      const saved: Code[] = (await t.http.get('/api/qr/available').expect(200)).body;
      const streamed = await stream.waitForSnapshot<Code[]>((codes) => codes.length === saved.length);
      const [code] = saved;
      expect((await t.http.get(`/api/messages/${code.qrToken}`).expect(200)).body).toMatchObject({
        status: 'unused',
        listed: true,
      });
      const image = await fetch(`${t.url}/api/qr/${code.qrToken}/image.png?size=300`);
      expect(image.status).toBe(200);

      // The giver takes it: the same code, under a token nobody else has seen.
      const taken = (await take(code.qrToken).expect(201)).body as Code;
      expect(taken).toEqual({ ...code, qrToken: expect.stringMatching(/^[A-Za-z0-9_-]{24,}$/) });
      expect(Buffer.from(taken.qrToken, 'base64url').length).toBeGreaterThanOrEqual(16);
      const gone = await stream.waitForSnapshot<Code[]>((codes) => !codes.some((c) => c.id === code.id), 1);
      expect(gone.map((c) => c.id)).toEqual(saved.slice(1).map((c) => c.id));
      const everSeen = [saved, streamed, ...stream.snapshots<Code[]>()].flat().map((c) => c.qrToken);
      expect(everSeen).not.toContain(taken.qrToken);
      expect((await t.http.get('/api/qr/available').expect(200)).body).toEqual(saved.slice(1));

      await upload(taken.qrToken).expect(201);
      const ready = await waitForReady(taken.qrToken);
      expect((await t.http.get(`/api/messages/${taken.qrToken}`).expect(200)).body.listed).toBe(false);
      expect((await fetch(`${t.url}${ready.message.videoUrl}`)).status).toBe(200);

      // Everything the watcher holds names no code any more, and leads to no message, ever.
      for (const token of new Set(everSeen)) {
        const answer = await t.http.get(`/api/messages/${token}`);
        if (token === code.qrToken) expectContractError(answer, 404);
        else expect(answer.body).toMatchObject({ status: 'unused', listed: true, message: null });
      }
      await t.http.get(`/api/qr/${code.qrToken}/image.png?size=300`).expect(404);
      await upload(code.qrToken).expect(404);
      await take(code.qrToken).expect(404);
      await t.http.get(`/api/qr/${taken.qrToken}/image.png?size=200`).expect(200);
    } finally {
      stream.close();
    }
  });

  it('refuses an upload to a listed code, in the visitor language, and leaves it listed', async () => {
    const [code] = await generate(1, 'try');
    const korean = await upload(code.qrToken).expect(409);
    expectContractError(korean, 409);
    expect(korean.body.error).toBe('체험 페이지에 공개된 QR 코드입니다. 영상을 남기기 전에 나만의 코드로 바꿔주세요');
    const english = await upload(code.qrToken).set('Accept-Language', 'en').expect(409);
    expect(english.body.error).toBe(
      'This QR code is listed publicly on the try page. Take it as your own code before recording',
    );
    expect((await t.http.get('/api/qr/available').expect(200)).body.map((c: Code) => c.id)).toContain(code.id);
    expect((await t.http.get(`/api/messages/${code.qrToken}`).expect(200)).body).toMatchObject({ status: 'unused' });
  });

  it('leaves printed codes as they are: not listed, recorded on directly, never taken', async () => {
    const [printed] = await generate(1, 'print');
    expect((await t.http.get(`/api/messages/${printed.qrToken}`).expect(200)).body.listed).toBe(false);
    const refused = await take(printed.qrToken).set('Accept-Language', 'en').expect(409);
    expect(refused.body.error).toBe('Only an unused QR code listed on the try page can be taken');
    await upload(printed.qrToken).expect(201);
    await waitForReady(printed.qrToken);
    await take(printed.qrToken).expect(409);
    const { body } = await t.http.get(`/api/admin/qr?serial=${printed.serialNumber}`).set(auth).expect(200);
    expect(body.items[0]).toMatchObject({ qrToken: printed.qrToken, status: 'recorded', takenAt: null });
  });

  it('gives a code to exactly one of several simultaneous takers', async () => {
    const [code] = await generate(1, 'try');
    const answers = await Promise.all(Array.from({ length: 8 }, () => take(code.qrToken)));
    const winners = answers.filter((answer) => answer.status === 201);
    expect(winners).toHaveLength(1);
    for (const answer of answers.filter((a) => a.status !== 201)) {
      expect([404, 409]).toContain(answer.status);
      expectContractError(answer, answer.status);
    }
    const { body } = await t.http.get(`/api/admin/qr?serial=${code.serialNumber}`).set(auth).expect(200);
    expect(body.items[0]).toMatchObject({ id: code.id, qrToken: winners[0].body.qrToken, takenAt: expect.any(String) });
    await upload(winners[0].body.qrToken).expect(201);
  });

  it('refuses a take asked by another site, and takes one asked by this one', async () => {
    const [code] = await generate(1, 'try');
    const refused = await take(code.qrToken).set('Sec-Fetch-Site', 'cross-site').set('Accept-Language', 'en');
    expectContractError(refused, 403);
    expect(refused.body.error).toBe('QR codes cannot be taken from another site');
    expect((await t.http.get('/api/qr/available').expect(200)).body.map((c: Code) => c.id)).toContain(code.id);
    await take(code.qrToken).set('Sec-Fetch-Site', 'same-origin').expect(201);
  });

  it('answers 404 for a token that cannot be one', async () => {
    expectContractError(await take('not-a-token'), 404);
    expectContractError(await take('unknown-token-000000000000'), 404);
  });
});
