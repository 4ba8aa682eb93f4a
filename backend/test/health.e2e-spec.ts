import { startTestApp, type TestApp } from './support/test-app';

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

  it('sends security headers', async () => {
    const response = await t.http.get('/api/health');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    expect(response.headers['x-powered-by']).toBeUndefined();
  });
});
