import { Draining } from '../src/common/draining';
import { PurgeExpiredJob } from '../src/video/purge-expired.job';
import { TranscodeJob } from '../src/video/transcode.job';
import { eventually } from './support/eventually';
import { S3FaultProxy } from './support/fault-proxy';
import { uniqueEmail, validInquiry } from './support/factories';
import { startTestApp, type TestApp } from './support/test-app';
import { makeClip } from './support/video-fixtures';

const DAY_MS = 24 * 3600 * 1000;

/** One figure of a Prometheus text page: the sample whose name and labels are given, 0 when absent. */
function figure(page: string, name: string, labels: Record<string, string> = {}): number {
  const wanted = Object.entries(labels).map(([key, value]) => `${key}="${value}"`);
  for (const line of page.split('\n')) {
    const match = /^([a-z_:]+)(\{([^}]*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const present = match[3]?.split(',') ?? [];
    if (wanted.every((label) => present.includes(label))) return Number(match[4]);
  }
  return 0;
}

describe('metrics: Prometheus on METRICS_PORT', () => {
  let t: TestApp;
  let auth: { Authorization: string };
  /** Every page the endpoint answered, to look for secrets in. */
  const pages: string[] = [];

  beforeAll(async () => {
    t = await startTestApp();
    auth = { Authorization: `Bearer ${await t.adminToken()}` };
  });
  afterAll(() => t.close());

  async function scrape(): Promise<string> {
    const response = await fetch(t.metricsUrl);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
    const page = await response.text();
    pages.push(page);
    return page;
  }

  it('answers only GET /metrics, on a port apart from the API', async () => {
    expect(new URL(t.metricsUrl).port).not.toBe(new URL(t.url).port);
    expect((await fetch(new URL('/api/health', t.metricsUrl))).status).toBe(404);
    expect((await fetch(`${t.url}/metrics`)).status).toBe(404);
    const page = await scrape();
    // Node's own figures: event-loop delay and memory.
    expect(figure(page, 'nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
    expect(figure(page, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    expect(figure(page, 'giftcast_database_pool_connections', { state: 'total' })).toBeGreaterThan(0);
    expect(page).toContain('giftcast_sse_streams_open 0');
  });

  it('moves its counters with an upload, its transcode and the purge, and never names a token, an id or an address', async () => {
    const before = await scrape();
    const email = uniqueEmail('metrics');
    await t.http.post('/api/contact').send(validInquiry({ email })).expect(201);
    await t.http.post('/api/subscribe').send({ email }).expect(200);
    const [code] = (await t.http.post('/api/admin/qr').set(auth).send({ count: 1 }).expect(201)).body.items as {
      qrToken: string;
      id: string;
    }[];
    const clip = makeClip('webm');
    const uploaded = await t.http
      .post(`/api/messages/${code.qrToken}/video`)
      .attach('video', clip, { filename: 'message.webm', contentType: 'video/webm' })
      .expect(201);
    const messageId = (uploaded.body as { message: { id: string } }).message.id;
    await t.http.post(`/api/messages/${code.qrToken}/video`).attach('video', Buffer.from('not a video'), 'x.webm');

    await eventually(
      async () => (await t.http.get(`/api/messages/${code.qrToken}`)).body as { message: { state: string } },
      (body) => body.message.state === 'ready',
      'the transcode',
    );
    await t.app.get(TranscodeJob).idle();
    const afterTranscode = await scrape();
    expect(figure(afterTranscode, 'giftcast_uploads_total', { outcome: 'accepted' })).toBe(
      figure(before, 'giftcast_uploads_total', { outcome: 'accepted' }) + 1,
    );
    expect(figure(afterTranscode, 'giftcast_uploads_total', { outcome: '409' })).toBe(1);
    expect(figure(afterTranscode, 'giftcast_upload_bytes_total')).toBe(clip.length);
    expect(figure(afterTranscode, 'giftcast_transcode_duration_seconds_count', { outcome: 'ready' })).toBe(1);
    expect(figure(afterTranscode, 'giftcast_transcode_queue_depth')).toBe(0);
    const uploads = { method: 'POST', route: '/api/messages/:qrToken/video', status: '201' };
    expect(figure(afterTranscode, 'giftcast_http_requests_total', uploads)).toBe(1);
    expect(figure(afterTranscode, 'giftcast_http_request_duration_seconds_count', uploads)).toBe(1);
    expect(figure(afterTranscode, 'giftcast_http_requests_total', { route: '/api/contact', status: '201' })).toBe(1);

    // Kept past the retention: the purge's lag shows it until the purge has run.
    await t.db.query(`UPDATE video_messages SET created_at = now() - interval '40 days' WHERE id = $1`, [messageId]);
    const late = await scrape();
    expect(figure(late, 'giftcast_purge_lag_seconds')).toBeGreaterThan((9 * DAY_MS) / 1000);
    const report = await t.app.get(PurgeExpiredJob).run(new Date());
    expect(report.expiredMessages).toBe(1);
    const afterPurge = await scrape();
    expect(figure(afterPurge, 'giftcast_purge_deleted_total', { kind: 'expiredMessages' })).toBe(1);
    expect(figure(afterPurge, 'giftcast_purge_lag_seconds')).toBe(0);

    for (const page of pages) {
      expect(page).not.toContain(code.qrToken);
      expect(page).not.toContain(code.id);
      expect(page).not.toContain(messageId);
      expect(page).not.toContain(email);
      expect(page).not.toMatch(/[\w.+-]+@[\w-]+\.[\w.]+/);
    }
  });
});

describe('health: liveness and readiness', () => {
  let t: TestApp;
  let proxy: S3FaultProxy;
  beforeAll(async () => {
    t = await startTestApp(
      {},
      { storageVia: async (endpoint) => (proxy = await new S3FaultProxy(endpoint).start()).endpoint },
    );
  });
  afterAll(async () => {
    await t?.close();
    await proxy?.stop();
  });

  it('answers live with the bare status, and ready', async () => {
    expect((await t.http.get('/api/health/live').expect(200)).body).toEqual({ status: 'ok' });
    expect((await t.http.get('/api/health/ready').expect(200)).body).toEqual({ status: 'ready' });
  });

  it('stays ready while the object store, which every replica shares, is down: the health report tells of it', async () => {
    proxy.failing = () => true;
    try {
      expect((await t.http.get('/api/health').expect(200)).body).toEqual({
        status: 'degraded',
        checks: expect.objectContaining({ database: 'up', storage: 'down' }),
      });
      expect((await t.http.get('/api/health/ready').expect(200)).body).toEqual({ status: 'ready' });
    } finally {
      proxy.failing = () => false;
    }
  });

  it('reports not-ready once draining, closes each connection after its answer, and takes no new live list', async () => {
    t.app.get(Draining).start();
    const response = await t.http.get('/api/health/ready').expect(503);
    expect(response.body).toEqual({ status: 'not-ready', draining: true });
    expect(response.headers.connection).toBe('close');
    await t.http.get('/api/health/live').expect(200);
    await t.http.get('/api/qr/available').expect(200);
    await t.http.get('/api/qr/available/stream').expect(503);
  });
});
