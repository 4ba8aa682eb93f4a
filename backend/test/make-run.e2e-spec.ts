import { execFileSync, spawn } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { freePort } from '../src/local/free-port';
import { webBuildLayout } from '../src/web/web-pages';
import { childProcessesOf } from './support/backend-process';
import { eventually } from './support/eventually';
import { transcodeJobColumn } from './support/transcode-jobs';
import { makeClip } from './support/video-fixtures';

/**
 * `make run` as a developer runs it: the built launcher with nothing configured, so it starts its
 * own database (embedded PostgreSQL) and storage (s3rver) under DATA_DIR, and Ctrl-C in the terminal sends
 * SIGINT to its whole process group.
 */
describe('make run', () => {
  let dataDir: string;

  beforeAll(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'giftcast-make-run-'));
    // Run as root (CI), the embedded PostgreSQL runs as nobody, who must reach its folder.
    chmodSync(dataDir, 0o755);
  });

  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  /**
   * What the embedded database holds of the one video message, read once the launcher has exited
   * (in a process of its own: the PostgreSQL packages are ES modules, which jest cannot load).
   */
  function storedMessage(): { state: string; job_attempts: number; job: string | null } {
    const script = `
      const { Client } = require('pg');
      const { startEmbeddedDatabase } = require('./dist/local/embedded-database.js');
      startEmbeddedDatabase(process.argv[1]).then(async (database) => {
        const client = new Client({ connectionString: database.url, connectionTimeoutMillis: 5000 });
        try {
          await client.connect();
          const { rows } = await client.query(\`SELECT state, job_attempts, ${transcodeJobColumn('pgboss')} AS job
                                                  FROM video_messages m\`);
          console.log(JSON.stringify(rows));
        } finally {
          await client.end();
          await database.stop();
        }
      });`;
    const out = execFileSync(process.execPath, ['-e', script, join(dataDir, 'postgres')], {
      cwd: resolve(__dirname, '..'),
      timeout: 120_000,
    });
    const rows = JSON.parse(out.toString()) as {
      state: string;
      job_attempts: number;
      job: string | null;
    }[];
    expect(rows).toHaveLength(1);
    return rows[0];
  }

  it('on Ctrl-C stops the app before its database and storage: a transcode in flight goes back to the queue unspent', async () => {
    const webRoot = join(dataDir, 'web');
    const { template } = webBuildLayout(webRoot);
    mkdirSync(dirname(template), { recursive: true });
    writeFileSync(template, '<!doctype html><title>Giftcast</title><div id="root"></div>');
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const launcher = spawn(process.execPath, [resolve(__dirname, '../dist/local/run-local.js')], {
      cwd: dataDir,
      env: {
        ...process.env,
        NODE_ENV: 'development',
        DATA_DIR: dataDir,
        PORT: String(port),
        HOST: '127.0.0.1',
        WEB_ROOT: webRoot,
        DATABASE_URL: '',
        S3_ENDPOINT: '',
        SMTP_URL: '',
        ADMIN_PASSWORD: 'make-run-password-123',
        LOG_LEVEL: 'warn',
      },
      // A terminal's job: Ctrl-C signals the whole group.
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    launcher.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    launcher.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((done) => launcher.once('exit', (code) => done(code)));
    try {
      await eventually(
        () =>
          fetch(`${url}/api/health`).then(
            (response) => response.status,
            () => 0,
          ),
        (status) => status === 200,
        'make run to serve (a new embedded database takes a while to set up)',
        240_000,
        500,
      ).catch((error: Error) => Promise.reject(new Error(`${error.message}\n${output.slice(-4000)}`)));
      const [listed] = (await (await fetch(`${url}/api/qr/available`)).json()) as { qrToken: string }[];
      // A /try code is taken (a fresh token) before anyone records on it.
      const taken = await fetch(`${url}/api/qr/${listed.qrToken}/take`, { method: 'POST' });
      expect(taken.status).toBe(201);
      const code = (await taken.json()) as { qrToken: string };
      const form = new FormData();
      form.append('video', new Blob([new Uint8Array(makeClip('mp4', 10, '1280x720'))], { type: 'video/mp4' }), 'a.mp4');
      const uploaded = await fetch(`${url}/api/messages/${code.qrToken}/video`, { method: 'POST', body: form });
      expect(uploaded.status).toBe(201);
      await eventually(
        () => childProcessesOf(launcher.pid!, 'ffmpeg'),
        (ffmpeg) => ffmpeg.length > 0,
        'ffmpeg to run',
      );

      process.kill(-launcher.pid!, 'SIGINT');
      expect(await exited).toBe(0);
    } finally {
      if (launcher.exitCode === null && launcher.signalCode === null) process.kill(-launcher.pid!, 'SIGKILL');
    }

    expect(storedMessage()).toEqual({ state: 'processing', job_attempts: 0, job: 'waiting' });
    expect(output).not.toMatch(/cannot be played|recording its failure failed/);
  }, 400_000);
});
