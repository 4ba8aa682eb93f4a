import {
  INQUIRY_LIMITS,
  POST_LIMITS,
  QR_GENERATE_LIMITS,
  SUBSCRIBER_LIMITS,
  TESTIMONIAL_LIMITS,
} from '@giftcast/contract/limits';
import { ADMIN_PASSWORD, startTestApp, type TestApp } from './support/test-app';
import { makeClip } from './support/video-fixtures';

/** The length limits an OpenAPI schema states for each field of `limits`. */
function statedLimits(
  schema: { properties: Record<string, { minLength?: number; maxLength?: number }> },
  limits: object,
) {
  return Object.fromEntries(
    Object.keys(limits).map((field) => {
      const { minLength, maxLength } = schema.properties[field] ?? {};
      return [field, minLength === undefined ? { max: maxLength } : { min: minLength, max: maxLength }];
    }),
  );
}

describe('health and API surface', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('reports the database, the object store and ffmpeg as up', async () => {
    const response = await t.http.get('/api/health').expect(200);
    expect(response.body).toEqual({ status: 'ok', checks: { database: 'up', storage: 'up', ffmpeg: 'up' } });
  });

  it('answers an unknown /api route with a 404 JSON body in the contract shape', async () => {
    const response = await t.http.get('/api/does-not-exist').expect(404).expect('Content-Type', /json/);
    expect(response.body).toEqual({ statusCode: 404, error: '존재하지 않는 API 경로입니다' });
  });

  it('serves OpenAPI docs generated from the DTOs', async () => {
    const response = await t.http.get('/api/docs/openapi.json').expect(200);
    expect(response.body.components.schemas.CreatePostDto.properties.slug).toMatchObject({ maxLength: 30 });
    expect(Object.keys(response.body.paths)).toEqual(expect.arrayContaining(['/api/posts', '/api/subscribe']));
  });

  it("states the spec's limits as the shared contract declares them", async () => {
    const response = await t.http.get('/api/docs/openapi.json').expect(200);
    const { schemas } = response.body.components;
    expect(statedLimits(schemas.CreatePostDto, POST_LIMITS)).toEqual(POST_LIMITS);
    expect(statedLimits(schemas.CreateInquiryDto, INQUIRY_LIMITS)).toEqual(INQUIRY_LIMITS);
    expect(statedLimits(schemas.SubscribeDto, SUBSCRIBER_LIMITS)).toEqual(SUBSCRIBER_LIMITS);
    expect(statedLimits(schemas.CreateTestimonialDto, TESTIMONIAL_LIMITS)).toEqual(TESTIMONIAL_LIMITS);
    expect(schemas.GenerateQrCodesDto.properties.count).toMatchObject({
      minimum: QR_GENERATE_LIMITS.count.min,
      maximum: QR_GENERATE_LIMITS.count.max,
    });
  });

  it('lets no cache keep an answer for one visitor: a code’s message, an upload, the admin’s; public ones as they were', async () => {
    const auth = { Authorization: `Bearer ${await t.adminToken()}` };
    const created = await t.http.post('/api/admin/qr').set(auth).send({ count: 1 }).expect(201);
    const { qrToken } = created.body.items[0] as { qrToken: string };
    const message = await t.http.get(`/api/messages/${qrToken}`).expect(200);
    const upload = await t.http
      .post(`/api/messages/${qrToken}/video`)
      .attach('video', makeClip('webm'), { filename: 'message.webm', contentType: 'video/webm' })
      .expect(201);
    const unstored = [
      created,
      await t.http.get('/api/admin/qr').set(auth).expect(200),
      await t.http.post('/api/admin/verify').send({ password: ADMIN_PASSWORD }).expect(200),
      message,
      upload,
    ];
    for (const response of unstored) expect(response.headers['cache-control']).toBe('no-store');
    expect((await t.http.get('/api/posts').expect(200)).headers['cache-control']).toBeUndefined();
    expect((await t.http.get(`/api/qr/${qrToken}/image.png`).expect(200)).headers['cache-control']).toBe(
      'public, max-age=31536000, immutable',
    );
  });

  it('sends security headers', async () => {
    const response = await t.http.get('/api/health');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    expect(response.headers['x-powered-by']).toBeUndefined();
  });
});

describe('API docs switched off (production, unless API_DOCS=1)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ API_DOCS: '0' });
  });
  afterAll(() => t.close());

  it.each(['/api/docs', '/api/docs/openapi.json'])(
    'answers %s with the contract’s 404, not the route map',
    async (path) => {
      const response = await t.http.get(path).expect(404).expect('Content-Type', /json/);
      expect(response.body).toEqual({ statusCode: 404, error: '존재하지 않는 API 경로입니다' });
    },
  );

  it('still serves the API itself', async () => {
    await t.http.get('/api/posts?published=true').expect(200);
  });
});
