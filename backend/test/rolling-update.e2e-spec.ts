import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type EmbeddedStorage, startEmbeddedStorage } from '../src/local/embedded-storage';
import { freePort } from '../src/local/free-port';
import { type BackendProcess, startBackendProcess } from './support/backend-process';
import { eventually } from './support/eventually';
import { validInquiry } from './support/factories';
import { multipartBody, multipartType } from './support/multipart';
import { PRODUCTION_STORAGE_SECRET, productionEnv } from './support/production-settings';
import { type DeployNginx, startDeployNginx } from './support/deploy-nginx';
import { SmtpSink } from './support/smtp-sink';
import { SseClient } from './support/sse-client';
import { createTestSchema, type TestSchema } from './support/test-database';
import { makeClip } from './support/video-fixtures';

jest.setTimeout(300_000);

const BUCKET = 'giftcast-rolling-update';
const PASSWORD = 'rolling-update-admin-password';
/** As long as compose gives a backend to drain (stop_grace_period); the test's upload needs far less. */
const DRAIN_MS = 120_000;

interface Code {
  id: string;
  serialNumber: string;
  qrToken: string;
}

const pause = (ms: number) => new Promise((done) => setTimeout(done, ms));

/** The visitors' reads of /api/posts a replica answered, from its metrics. */
const postsServed = (metrics: string): number =>
  Number(/^giftcast_http_requests_total\{[^}]*route="\/api\/posts"[^}]*\} (\d+)/m.exec(metrics)?.[1] ?? 0);

/** One HTTP request from the loopback address `from` (each address is a visitor of its own to nginx). */
function send(
  url: string,
  {
    method = 'GET',
    from,
    headers = {},
    body,
  }: { method?: string; from?: string; headers?: Record<string, string>; body?: Buffer | string } = {},
): Promise<{ status: number; body: string }> {
  return new Promise((done, fail) => {
    const call = request(url, { method, headers, localAddress: from, agent: false }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('end', () => done({ status: response.statusCode!, body: text }));
      response.on('error', fail);
    });
    call.on('error', fail);
    call.end(body);
  });
}

/**
 * What `deploy/update.sh` does to the compose stack, with real processes: two ROLE=web replicas and
 * a ROLE=worker behind the deploy nginx, under steady load (reads, inquiries, live /try streams, an
 * upload in flight). nginx's upstream has a third address, free at first (as compose starts the
 * new container beside the old ones): each replica in turn is replaced by a fresh process started
 * on the free address, ready before the old one is sent SIGTERM and drains; then the worker.
 */
describe('rolling update: each web replica and the worker replaced under load, behind the deploy nginx', () => {
  let schema: TestSchema;
  let storageDir: string;
  let storage: EmbeddedStorage;
  let smtp: SmtpSink;
  let env: Record<string, string>;
  let nginx: DeployNginx;
  let site: string;
  const started: BackendProcess[] = [];

  async function backend(role: 'web' | 'worker', port?: number): Promise<BackendProcess> {
    const process = await startBackendProcess({ ...env, ROLE: role }, { port });
    started.push(process);
    // Ready, as compose's health check asks, before anything is stopped for it.
    await eventually(
      () =>
        fetch(`${process.url}/api/health/ready`).then(
          (r) => r.status,
          () => 0,
        ),
      (status) => status === 200,
      `the new ${role} process ready`,
    );
    return process;
  }

  beforeAll(async () => {
    schema = await createTestSchema();
    storageDir = mkdtempSync(join(tmpdir(), 'giftcast-rolling-'));
    storage = await startEmbeddedStorage(storageDir, BUCKET, { secretAccessKey: PRODUCTION_STORAGE_SECRET });
    smtp = await new SmtpSink().start();
    env = {
      ...productionEnv({
        databaseUrl: schema.url,
        jobsSchema: schema.jobsSchema,
        storage,
        bucket: BUCKET,
        smtpUrl: smtp.url,
        adminPassword: PASSWORD,
        jwtSecret: 'rolling-update-jwt-secret-0123456789abcdef',
      }),
      RATE_LIMIT_INQUIRIES: '100000/1h',
      RATE_LIMIT_UPLOADS: '100000/1h',
    };
    const ports = [await freePort(), await freePort(), await freePort()];
    nginx = await startDeployNginx(
      ports.map((p) => `127.0.0.1:${p}`),
      storageDir,
    );
    site = nginx.site;
    spare = ports[2];
    const first = await backend('web', ports[0]);
    web = [first, await backend('web', ports[1])];
    worker = await backend('worker');
    await nginx.answering('/api/health/ready');
  });

  let web: BackendProcess[];
  let worker: BackendProcess;
  let spare: number;

  afterAll(async () => {
    await nginx?.stop();
    for (const process of started) await process.stop();
    await smtp?.stop();
    await storage?.stop();
    rmSync(storageDir, { recursive: true, force: true });
    await schema?.drop();
  });

  async function admin(): Promise<Record<string, string>> {
    const login = await fetch(`${site}/api/admin/verify`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ password: PASSWORD }),
    });
    return {
      Authorization: `Bearer ${((await login.json()) as { token: string }).token}`,
      'Content-Type': 'application/json',
    };
  }

  async function newCodes(count: number, pool: 'try' | 'print'): Promise<Code[]> {
    const response = await fetch(`${site}/api/admin/qr`, {
      method: 'POST',
      headers: await admin(),
      body: JSON.stringify({ count, pool }),
    });
    expect(response.status).toBe(201);
    return ((await response.json()) as { items: Code[] }).items;
  }

  it('drops no request, finishes the upload in flight, and the streams reconnect to the current list', async () => {
    const [printCode, uploadCode] = await newCodes(2, 'print');
    await newCodes(2, 'try');
    const tally = { requests: 0, failures: [] as string[], streamConnections: 0 };
    let rolling = true;

    const count = async (what: string, call: () => Promise<{ status: number }>, expected: number) => {
      tally.requests += 1;
      try {
        const { status } = await call();
        if (status !== expected) tally.failures.push(`${what}: ${status}`);
      } catch (error) {
        tally.failures.push(`${what}: ${String(error)}`);
      }
    };

    const reads = [
      '/api/posts',
      '/api/qr/available',
      '/api/testimonials/featured',
      `/api/messages/${printCode.qrToken}`,
    ];
    const readers = reads.map(async (path) => {
      while (rolling) {
        await count(`GET ${path}`, () => send(`${site}${path}`), 200);
        await pause(50);
      }
    });
    let visitor = 2;
    const inquiries = (async () => {
      while (rolling) {
        // Each from an address of its own, within nginx's budget per visitor.
        const from = `127.0.0.${(visitor++ % 250) + 2}`;
        await count(
          'POST /api/contact',
          () =>
            send(`${site}/api/contact`, {
              method: 'POST',
              from,
              headers: { 'Content-Type': 'application/json' },
              body: JSON.stringify(validInquiry()),
            }),
          201,
        );
        await pause(400);
      }
    })();
    // Live /try lists that reconnect whenever the server ends them, as a browser does.
    const streams: SseClient[] = [];
    const watchers = [0, 1, 2, 3].map(async (index) => {
      while (rolling) {
        tally.requests += 1;
        tally.streamConnections += 1;
        try {
          const client = await SseClient.connect(`${site}/api/qr/available/stream`);
          streams[index] = client;
          if (client.status !== 200) tally.failures.push(`stream: ${client.status}`);
          await Promise.race([
            client.ended,
            eventually(
              () => rolling,
              (going) => !going,
              'the end',
              DRAIN_MS * 4,
            ),
          ]);
        } catch (error) {
          tally.failures.push(`stream: ${String(error)}`);
        }
        if (rolling) await pause(200);
      }
    });

    // An upload that takes its time: its replica is stopped while it is under way.
    const body = multipartBody([
      { name: 'video', filename: 'message.webm', type: 'video/webm', data: makeClip('webm') },
    ]);
    const upload = new Promise<{ status: number; body: string }>((done, fail) => {
      const call = request(
        `${site}/api/messages/${uploadCode.qrToken}/video`,
        { method: 'POST', headers: { 'Content-Type': multipartType(), 'Content-Length': String(body.length) } },
        (response) => {
          let text = '';
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => (text += chunk));
          response.on('end', () => done({ status: response.statusCode!, body: text }));
        },
      );
      call.on('error', fail);
      void (async () => {
        const pieces = 40;
        const size = Math.ceil(body.length / pieces);
        for (let i = 0; i < pieces; i++) {
          call.write(body.subarray(i * size, (i + 1) * size));
          await pause(500);
        }
        call.end();
      })();
    });

    await pause(2000);
    // Each web replica in turn: a fresh one on the free address, ready and sent visitors by nginx
    // (which, like deploy/update.sh's wait for nginx to look the name up again, takes a while:
    // the free address refused nginx before, and nginx leaves an address that refused alone for
    // 10 s); then the old one drains.
    for (const index of [0, 1]) {
      const old = web[index];
      const oldPort = Number(new URL(old.url).port);
      web[index] = await backend('web', spare);
      await eventually(
        () => fetch(web[index].metricsUrl).then(async (r) => postsServed(await r.text())),
        (served) => served > 0,
        'nginx sending visitors to the new replica',
        30_000,
      );
      await old.stop(DRAIN_MS);
      spare = oldPort;
    }
    const oldWorker = worker;
    worker = await backend('worker');
    await oldWorker.stop(DRAIN_MS);

    const uploaded = await upload;
    expect(uploaded.status).toBe(201);
    const ready = await eventually(
      async () =>
        (
          (await (await fetch(`${site}/api/messages/${uploadCode.qrToken}`)).json()) as {
            message: { state: string; videoUrl: string; sizeBytes: number };
          }
        ).message,
      (message) => message.state === 'ready',
      'the transcode by the new worker',
      60_000,
    );
    const played = await fetch(`${site}${ready.videoUrl}`, { headers: { Range: 'bytes=0-99' } });
    expect(played.status).toBe(206);
    expect(played.headers.get('content-type')).toBe('video/mp4');

    // The streams, reconnected to the new replicas, follow the current list.
    const [offered] = await newCodes(1, 'try');
    for (const client of streams) {
      await client.waitForSnapshot<Code[]>(
        (codes) => codes.some((code) => code.serialNumber === offered.serialNumber),
        0,
        10_000,
      );
    }
    rolling = false;
    for (const client of streams) client.close();
    await Promise.all([...readers, inquiries, ...watchers]);

    console.log(
      `rolling update: ${tally.requests} requests (${tally.streamConnections} stream connections), ` +
        `${tally.failures.length} failed, upload ${uploaded.status} and ${ready.state}, played 206`,
    );
    if (tally.failures.length > 0) {
      // What each replica went through, for a failure that needs explaining.
      for (const process of started) {
        const { exitCode, signalCode } = process.child;
        console.log(`${process.url}: exit ${exitCode} ${signalCode}\n${process.output().slice(-3000)}`);
      }
    }
    expect(tally.failures).toEqual([]);
    expect(tally.streamConnections).toBeGreaterThan(4);
  });
});
