import { startTestApp, type TestApp } from './support/test-app';
import { makeClip } from './support/video-fixtures';

// RESUMABLE_UPLOADS=false, as `make run` sets it over s3rver (no ListParts): the tus creation is
// refused with 501 in the contract's shape and nothing claimed; the one-request upload works.
describe('resumable uploads turned off', () => {
  let t: TestApp;
  let auth: { Authorization: string };

  beforeAll(async () => {
    t = await startTestApp({ RESUMABLE_UPLOADS: 'false' });
    auth = { Authorization: `Bearer ${await t.adminToken()}` };
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers the creation 501 with a clear error, leaves the code unused, and takes the multipart upload', async () => {
    const [code] = (await t.http.post('/api/admin/qr').set(auth).send({ count: 1 }).expect(201)).body.items as {
      qrToken: string;
    }[];

    const refused = await t.http
      .post(`/api/messages/${code.qrToken}/uploads`)
      .set({ 'Tus-Resumable': '1.0.0', 'Upload-Length': '1000', 'Accept-Language': 'en' })
      .expect(501);
    expect(refused.body).toEqual({
      statusCode: 501,
      error: 'This server does not take resumable uploads. Please send the video in one request',
    });
    expect(refused.headers['x-owner-key']).toBeUndefined();
    expect((await t.http.get(`/api/messages/${code.qrToken}`).expect(200)).body.status).toBe('unused');

    const sent = await t.http
      .post(`/api/messages/${code.qrToken}/video`)
      .attach('video', makeClip('webm'), { filename: 'message.webm', contentType: 'video/webm' })
      .expect(201);
    expect(sent.body.ownerKey).toEqual(expect.any(String));
    expect((await t.http.get(`/api/messages/${code.qrToken}`).expect(200)).body.status).toBe('recorded');
  });
});
