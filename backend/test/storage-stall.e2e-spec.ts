import { PurgeExpiredJob } from '../src/video/purge-expired.job';
import { TranscodeJob } from '../src/video/transcode.job';
import { eventually } from './support/eventually';
import { S3FaultProxy, type S3Request } from './support/fault-proxy';
import { startTestApp, type TestApp } from './support/test-app';
import { transcodeJobColumn } from './support/transcode-jobs';
import { makeClip } from './support/video-fixtures';

/**
 * A storage server that accepts requests and never answers them, or stops sending an answer
 * half-way (a proxy of the test's in front of the real S3 server swallows the requests it picks).
 * Every call to it has a deadline (short ones here): while it stalls the site answers and uploads
 * are taken, a transcode gives its job back without using an attempt, and a purge run fails
 * instead of hanging; once it answers again, both resume on their next turn with nothing lost.
 */
describe('a storage server that stalls', () => {
  let t: TestApp;
  let proxy: S3FaultProxy;
  let auth: { Authorization: string };
  const clip = makeClip('webm');

  const originalDownload = (request: S3Request) =>
    request.method === 'GET' && new URL(request.url, 'http://s3').pathname.endsWith('/original');
  const listing = (request: S3Request) => request.method === 'GET' && request.url.includes('list-type=2');

  beforeAll(async () => {
    t = await startTestApp(
      { TRY_SERIAL_FROM: '9000', STORAGE_CONNECT_TIMEOUT_SECONDS: '1', STORAGE_REQUEST_TIMEOUT_SECONDS: '1' },
      { storageVia: async (endpoint) => (proxy = await new S3FaultProxy(endpoint).start()).endpoint },
    );
    auth = { Authorization: `Bearer ${await t.adminToken()}` };
  });

  afterEach(() => {
    proxy.swallowing = () => false;
    proxy.stallingBody = () => false;
  });

  afterAll(async () => {
    await t.close();
    await proxy.stop();
  });

  async function upload(): Promise<string> {
    const code = (await t.http.post('/api/admin/qr').set(auth).send({ count: 1 }).expect(201)).body.items[0] as {
      qrToken: string;
    };
    await t.http
      .post(`/api/messages/${code.qrToken}/video`)
      .attach('video', clip, { filename: 'message.webm', contentType: 'video/webm' })
      .expect(201);
    return code.qrToken;
  }

  async function job(token: string) {
    const [row] = await t.db.query<{ state: string; job_attempts: number; job: string | null }[]>(
      `SELECT m.state, m.job_attempts, ${transcodeJobColumn(t.schema.jobsSchema)} AS job
         FROM video_messages m JOIN qr_codes q ON q.id::text = m.qr_code_id WHERE q.qr_token = $1`,
      [token],
    );
    return row;
  }

  /** Kicks the transcoder until every message given is ready. */
  async function allReady(tokens: string[]) {
    const transcoder = t.app.get(TranscodeJob);
    return eventually(
      async () => {
        transcoder.kick();
        await transcoder.idle();
        return Promise.all(tokens.map(job));
      },
      (rows) => rows.every((row) => row.state === 'ready'),
      'every stalled video to become ready',
      120_000,
      500,
    );
  }

  it('hands a transcode back while its download hangs, takes uploads meanwhile, and finishes both once storage answers', async () => {
    proxy.swallowing = originalDownload;
    const first = await upload();
    // The job took it, met the hanging download, and gave the job back for later, unspent.
    const handedBack = await eventually(
      () => job(first),
      (row) => row.job_attempts === 0 && row.job === 'waiting later',
      'the stalled job to be handed back',
    );
    expect(handedBack.state).toBe('processing');
    expect(proxy.stalled.some(originalDownload)).toBe(true);

    // Meanwhile the site answers and takes another upload.
    await t.http.get('/api/posts?published=true').expect(200);
    await t.http.get('/api/health').expect(200);
    const second = await upload();

    proxy.swallowing = () => false;
    const rows = await allReady([first, second]);
    // Each was taken once for the attempt that finished it: the stalls cost no attempt.
    expect(rows.map((row) => row.job_attempts)).toEqual([1, 1]);
  }, 180_000);

  it('hands a transcode back when the download stops half-way through the body', async () => {
    proxy.stallingBody = originalDownload;
    const token = await upload();
    await eventually(
      () => job(token),
      (row) => row.job_attempts === 0 && row.job === 'waiting later',
      'the job whose download stalled mid-body to be handed back',
    );
    proxy.stallingBody = () => false;
    expect(await allReady([token])).toEqual([expect.objectContaining({ state: 'ready', job_attempts: 1 })]);
  }, 180_000);

  it('fails a purge run whose storage listing hangs instead of hanging with it, and runs the next one in full', async () => {
    const purge = t.app.get(PurgeExpiredJob);
    proxy.swallowing = listing;
    await expect(purge.run()).rejects.toThrow();
    // Not skipped as "still going": the run let go of its flag.
    await expect(purge.run()).rejects.toThrow();
    expect(proxy.stalled.filter(listing).length).toBeGreaterThanOrEqual(2);

    proxy.swallowing = () => false;
    expect(await purge.run()).toMatchObject({ skipped: false });
  }, 120_000);

  it("ends a purge run when the job runner stops it (shutdown, the job's deadline), as at its own deadline", async () => {
    const purge = t.app.get(PurgeExpiredJob);
    const stop = new AbortController();
    stop.abort(new Error('the job runner stops'));
    await expect(purge.run(new Date(), stop.signal)).rejects.toThrow('the job runner stops');
    // It let go of its lock: the next run goes ahead.
    expect(await purge.run()).toMatchObject({ skipped: false });
  });
});
