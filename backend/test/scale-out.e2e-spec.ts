import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { type EmbeddedStorage, startEmbeddedStorage } from '../src/local/embedded-storage';
import { type BackendProcess, startBackendProcess } from './support/backend-process';
import { TcpOutage } from './support/fault-proxy';
import { validInquiry } from './support/factories';
import { SmtpSink } from './support/smtp-sink';
import { SseClient } from './support/sse-client';
import { eventually } from './support/eventually';
import { type PurgeReport, runPurge } from './support/purge-process';
import { createTestSchema, type TestSchema } from './support/test-database';
import { transcodeJobColumn } from './support/transcode-jobs';
import { makeClip } from './support/video-fixtures';
import { logId } from '../src/logging/log-id';
import { PRODUCTION_STORAGE_SECRET, productionEnv } from './support/production-settings';
import { type DeployNginx, startDeployNginx } from './support/deploy-nginx';

jest.setTimeout(120_000);

const BUCKET = 'giftcast-scale-out';
const PASSWORD = 'scale-out-admin-password';
const DAY_MS = 24 * 3600 * 1000;

interface Code {
  id: string;
  serialNumber: string;
  qrToken: string;
}

interface LogLine {
  context?: string;
  msg: string;
  reqId?: string;
  res?: unknown;
}

/** The JSON lines a production backend has written so far. */
function logLines(backend: BackendProcess): LogLine[] {
  return backend
    .output()
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as LogLine);
}

/**
 * The deployment `docker compose up --scale backend=2` plus a worker describes, run natively: two
 * ROLE=web processes and one ROLE=worker process (dist/main.js, production settings) sharing one
 * PostgreSQL schema and one S3 server, behind the deploy nginx template with both web replicas as
 * its upstream servers.
 */
describe('scaled out: two web replicas and a worker behind the deploy nginx', () => {
  let schema: TestSchema;
  let storageDir: string;
  let storage: EmbeddedStorage;
  let smtp: SmtpSink;
  let env: Record<string, string>;
  let db: Client;
  let web: [BackendProcess, BackendProcess];
  let worker: BackendProcess;
  let nginx: DeployNginx;
  let site: string;
  const started: BackendProcess[] = [];

  async function backend(role: 'web' | 'worker'): Promise<BackendProcess> {
    const process = await startBackendProcess({ ...env, ROLE: role });
    started.push(process);
    return process;
  }

  beforeAll(async () => {
    schema = await createTestSchema();
    storageDir = mkdtempSync(join(tmpdir(), 'giftcast-scale-out-'));
    // A storage secret production accepts (s3rver's own is too guessable).
    storage = await startEmbeddedStorage(storageDir, BUCKET, { secretAccessKey: PRODUCTION_STORAGE_SECRET });
    smtp = await new SmtpSink().start();
    env = productionEnv({
      databaseUrl: schema.url,
      jobsSchema: schema.jobsSchema,
      storage,
      bucket: BUCKET,
      smtpUrl: smtp.url,
      adminPassword: PASSWORD,
      jwtSecret: 'scale-out-jwt-secret-0123456789abcdef',
    });
    // The first applies the migrations; the others start together, as compose starts replicas.
    const first = await backend('web');
    const [second, jobs] = await Promise.all([backend('web'), backend('worker')]);
    web = [first, second];
    worker = jobs;

    nginx = await startDeployNginx(
      web.map((replica) => new URL(replica.url).host),
      storageDir,
    );
    site = nginx.site;
    await nginx.answering('/api/health');
    db = new Client({ connectionString: schema.url });
    await db.connect();
  });

  afterAll(async () => {
    await nginx?.stop();
    for (const process of started) await process.stop();
    await db?.end();
    await smtp?.stop();
    await storage?.stop();
    rmSync(storageDir, { recursive: true, force: true });
    await schema?.drop();
  });

  async function admin(url: string): Promise<Record<string, string>> {
    const login = await fetch(`${url}/api/admin/verify`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ password: PASSWORD }),
    });
    return {
      Authorization: `Bearer ${((await login.json()) as { token: string }).token}`,
      'Content-Type': 'application/json',
    };
  }

  async function newCodes(url: string, count: number, pool: 'try' | 'print'): Promise<Code[]> {
    const response = await fetch(`${url}/api/admin/qr`, {
      method: 'POST',
      headers: await admin(url),
      body: JSON.stringify({ count, pool }),
    });
    expect(response.status).toBe(201);
    return ((await response.json()) as { items: Code[] }).items;
  }

  it('a /try change made through one web replica reaches clients of both, directly and through nginx', async () => {
    const clients = [
      await SseClient.connect(`${web[0].url}/api/qr/available/stream`),
      await SseClient.connect(`${web[1].url}/api/qr/available/stream`),
      // nginx hands consecutive requests to its upstream servers in turn: one to each replica.
      await SseClient.connect(`${site}/api/qr/available/stream`),
      await SseClient.connect(`${site}/api/qr/available/stream`),
    ];
    try {
      for (const client of clients) await client.waitForSnapshot(() => true);
      const offered = await newCodes(web[0].url, 2, 'try');
      const serials = offered.map((code) => code.serialNumber);
      for (const client of clients) {
        await client.waitForSnapshot<Code[]>((codes) => serials.every((s) => codes.some((c) => c.serialNumber === s)));
      }

      const response = await fetch(`${web[1].url}/api/admin/qr/${offered[0].id}`, {
        method: 'PATCH',
        headers: await admin(web[1].url),
        body: JSON.stringify({ status: 'disabled' }),
      });
      expect(response.status).toBe(200);
      for (const client of clients) {
        await client.waitForSnapshot<Code[]>((codes) => !codes.some((c) => c.serialNumber === serials[0]));
      }
    } finally {
      for (const client of clients) client.close();
    }

    // nginx logs each stream's line when it closes, with the request id it handed the replica, which
    // logs its own line under the same id: nginx sent one stream to each.
    const accessLog = nginx.accessLog;
    const streams = await eventually(
      () =>
        (existsSync(accessLog) ? readFileSync(accessLog, 'utf8').split('\n').filter(Boolean) : [])
          .map((line) => JSON.parse(line) as { path: string; request_id: string })
          .filter((line) => line.path === '/api/qr/available/stream'),
      (lines) => lines.length === 2,
      'the access lines of both streams',
      5000,
    );
    const servedBy = (id: string) =>
      eventually(
        () => web.findIndex((replica) => logLines(replica).some((line) => line.reqId === id && line.res)),
        (index) => index >= 0,
        `the line of ${id}`,
        5000,
      );
    const replicas = [await servedBy(streams[0].request_id), await servedBy(streams[1].request_id)];
    expect(replicas.sort()).toEqual([0, 1]);
  });

  let uploaded: { code: Code; messageId: string };

  it('leaves an upload to the worker: no web replica transcodes it, a worker that starts later does', async () => {
    await worker.stop();
    const [code] = await newCodes(web[0].url, 1, 'print');
    const form = new FormData();
    form.append('video', new Blob([new Uint8Array(makeClip('webm'))], { type: 'video/webm' }), 'message.webm');
    const upload = await fetch(`${web[0].url}/api/messages/${code.qrToken}/video`, { method: 'POST', body: form });
    expect(upload.status).toBe(201);
    const { message } = (await upload.json()) as { message: { id: string; state: string } };
    expect(message.state).toBe('processing');

    // Longer than the transcoder's poll: a replica running it would have claimed the job by now.
    await new Promise((r) => setTimeout(r, 6000));
    const { rows } = await db.query(
      `SELECT state, job_attempts, ${transcodeJobColumn(schema.jobsSchema)} AS job FROM video_messages m WHERE id = $1`,
      [message.id],
    );
    expect(rows[0]).toEqual({ state: 'processing', job_attempts: 0, job: 'waiting' });

    worker = await backend('worker');
    await eventually(
      async () => {
        const answer = await fetch(`${web[1].url}/api/messages/${code.qrToken}`);
        return ((await answer.json()) as { message: { state: string } }).message;
      },
      (current) => current.state === 'ready',
      'the transcode',
    );
    const transcoded = (line: LogLine) =>
      line.context === 'Transcode' && line.msg.startsWith(`message ${logId(message.id)}:`);
    // The worker logs the transcode after deleting the original, a moment after the message is ready.
    await eventually(
      () => logLines(worker).filter(transcoded),
      (lines) => lines.length > 0,
      "the worker's transcode line",
    );
    expect(logLines(worker).filter(transcoded)).toHaveLength(1);
    for (const replica of web) expect(logLines(replica).filter((line) => line.context === 'Transcode')).toEqual([]);
    uploaded = { code, messageId: message.id };
  });

  it('plays the upload made through one replica through the other, and through nginx, with ranges', async () => {
    const { message } = (await (await fetch(`${web[1].url}/api/messages/${uploaded.code.qrToken}`)).json()) as {
      message: { videoUrl: string; sizeBytes: number };
    };
    for (const origin of [web[1].url, site]) {
      const response = await fetch(`${origin}${message.videoUrl}`, { headers: { Range: 'bytes=0-99' } });
      expect(response.status).toBe(206);
      expect(response.headers.get('content-range')).toBe(`bytes 0-99/${message.sizeBytes}`);
      expect(response.headers.get('content-type')).toBe('video/mp4');
      expect((await response.arrayBuffer()).byteLength).toBe(100);
    }
  });

  it('runs the purge once when it is started in each replica at the same moment', async () => {
    // Hold the table the purge reads first: whoever takes the purge lock waits there, holding it,
    // while the others try the lock; nothing has run until the test lets go.
    const gate = new Client({ connectionString: schema.url });
    await gate.connect();
    await gate.query('BEGIN');
    await gate.query('LOCK TABLE video_messages IN ACCESS EXCLUSIVE MODE');
    const later = new Date(Date.now() + 30 * DAY_MS);
    const runs = (['web', 'web', 'worker'] as const).map((role) => {
      const run: { report: Promise<PurgeReport>; settled?: PurgeReport | Error } = {
        report: runPurge({ ...env, ROLE: role }, later),
      };
      run.report.then(
        (report) => (run.settled = report),
        (error: Error) => (run.settled = error),
      );
      return run;
    });
    try {
      await eventually(
        () => runs.filter((run) => run.settled).length,
        (settled) => settled >= 2,
        'the purges that find the lock taken',
      );
      expect(runs.map((run) => run.settled).filter(Boolean)).toEqual([
        expect.objectContaining({ skipped: true }),
        expect.objectContaining({ skipped: true }),
      ]);
    } finally {
      await gate.query('ROLLBACK');
      await gate.end();
    }
    const reports = await Promise.all(runs.map((run) => run.report));
    // The worker's own schedule is one more process that may have been asked at this moment.
    const scheduled = logLines(worker).filter(
      (line) => line.context === 'Purge' && line.msg.includes('"skipped":false'),
    );
    const ran = reports.filter((report) => !report.skipped);
    expect(ran.length + scheduled.length).toBe(1);
    expect(ran.concat(scheduled.map((line) => JSON.parse(line.msg) as PurgeReport))[0].expiredMessages).toBe(1);

    const { rows } = await db.query('SELECT status FROM qr_codes WHERE id = $1', [uploaded.code.id]);
    expect(rows[0].status).toBe('expired');
    expect((await db.query('SELECT 1 FROM video_messages WHERE id = $1', [uploaded.messageId])).rowCount).toBe(0);
  });

  const inquire = (origin: string) =>
    fetch(`${origin}/api/contact`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(validInquiry()),
    });

  it('gives both replicas one budget, counted through nginx, and a restarted replica keeps it', async () => {
    // RATE_LIMIT_INQUIRIES at its default, 10 an hour: nginx hands them to the replicas in turn.
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) statuses.push((await inquire(site)).status);
    expect(statuses).toEqual(Array(10).fill(201));
    for (const origin of [site, web[0].url, web[1].url]) expect((await inquire(origin)).status).toBe(429);

    await web[0].stop();
    web[0] = await backend('web');
    const refused = await inquire(web[0].url);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(3000);
  });

  it('refuses logins while the database is away (503), lets public writes past their budget, and logs in again once it is back', async () => {
    const database = new URL(env.DATABASE_URL);
    const outage = await new TcpOutage(database.hostname, Number(database.port || 5432)).start();
    database.hostname = '127.0.0.1';
    database.port = String(outage.port);
    const cut = await startBackendProcess({ ...env, ROLE: 'web', DATABASE_URL: database.toString() });
    started.push(cut);
    const login = () =>
      fetch(`${cut.url}/api/admin/verify`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ password: PASSWORD }),
      });
    try {
      // Its budget was spent by the test before: counted, the inquiry would be refused.
      expect((await inquire(cut.url)).status).toBe(429);
      outage.goDown();
      const refused = await login();
      expect(refused.status).toBe(503);
      expect(refused.headers.get('retry-after')).toBe('5');
      expect(((await refused.json()) as { statusCode: number }).statusCode).toBe(503);

      // Fails open: not refused by the budget, it reaches the write, which needs the database too.
      expect((await inquire(cut.url)).status).not.toBe(429);
      expect(logLines(cut).some((line) => line.msg.startsWith('the inquiries budget was not counted'))).toBe(true);

      outage.comeBack();
      await eventually(
        () => login().then((response) => response.status),
        (status) => status === 200,
        'a login once the database is back',
        20_000,
      );
    } finally {
      await cut.stop();
      await outage.stop();
    }
  });
});
