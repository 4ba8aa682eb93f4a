import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { type EmbeddedStorage, startEmbeddedStorage } from '../src/local/embedded-storage';
import { startBackendProcess } from './support/backend-process';
import { createTestSchema, type TestSchema } from './support/test-database';
import { PRODUCTION_STORAGE_SECRET, productionEnv } from './support/production-settings';

const BUCKET = 'giftcast-uncaught';
/** Raises the fault GIFTCAST_TEST_FAULT names when the process is sent SIGUSR2. */
const FAULT_ON_SIGNAL = resolve(__dirname, 'support/fault-on-signal.cjs');

interface LogLine {
  level: string;
  msg: string;
  context?: string;
  err?: { message: string; stack: string };
  res?: { statusCode: number };
}

/**
 * The built backend as production runs it, with an error raised outside every handler: the
 * process writes it to its log and ends with status 1, for its supervisor to start a fresh one,
 * rather than serve on in a state nobody knows.
 */
describe('an error that escapes every handler', () => {
  let schema: TestSchema;
  let storageDir: string;
  let storage: EmbeddedStorage;

  beforeAll(async () => {
    schema = await createTestSchema();
    storageDir = mkdtempSync(join(tmpdir(), 'giftcast-uncaught-'));
    storage = await startEmbeddedStorage(storageDir, BUCKET, { secretAccessKey: PRODUCTION_STORAGE_SECRET });
  });

  afterAll(async () => {
    await storage?.stop();
    rmSync(storageDir, { recursive: true, force: true });
    await schema?.drop();
  });

  it.each([
    {
      what: 'an uncaught exception',
      fault: 'exception',
      msg: 'uncaught exception: the process exits',
      message: 'an exception nobody catches',
    },
    {
      what: 'an unhandled rejection',
      fault: 'rejection',
      msg: 'unhandled rejection: the process exits',
      message: 'a rejection nobody handles',
    },
  ])('$what is logged as fatal, the log flushed, and the process exits with status 1', async (expected) => {
    const backend = await startBackendProcess({
      ...productionEnv({
        databaseUrl: schema.url,
        storage,
        bucket: BUCKET,
        smtpUrl: 'smtp://127.0.0.1:9',
        adminPassword: 'uncaught-admin-password-123',
        jwtSecret: 'uncaught-jwt-secret-0123456789abcdef',
      }),
      DATABASE_POOL_SIZE: '2',
      NODE_OPTIONS: `--require ${FAULT_ON_SIGNAL}`,
      GIFTCAST_TEST_FAULT: expected.fault,
    });
    try {
      expect((await fetch(`${backend.url}/api/posts?published=true`)).status).toBe(200);
      const exited = once(backend.child, 'exit');
      backend.child.kill('SIGUSR2');
      const [code, signal] = (await exited) as [number | null, NodeJS.Signals | null];
      expect({ code, signal }).toEqual({ code: 1, signal: null });

      const lines = backend
        .output()
        .split('\n')
        .filter((line) => line !== '')
        .map((line) => JSON.parse(line) as LogLine);
      // What was logged before is there too: the request just answered.
      expect(lines.some((line) => line.res?.statusCode === 200)).toBe(true);
      expect(lines.at(-1)).toMatchObject({
        level: 'fatal',
        context: 'Process',
        msg: expected.msg,
        err: { message: expected.message, stack: expect.stringContaining('fault-on-signal.cjs') },
      });
    } finally {
      await backend.stop();
    }
  });
});
