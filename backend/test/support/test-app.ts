import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { parseConfig } from '../../src/config/config.schema';
import { type EmbeddedStorage, startEmbeddedStorage } from '../../src/local/embedded-storage';
import { startServer } from '../../src/server';
import { SmtpSink } from './smtp-sink';
import { createTestSchema, type TestSchema } from './test-database';

export const ADMIN_PASSWORD = 'test-admin-password-123';
export const PUBLIC_URL = 'http://giftcast.test';

/**
 * Budgets no test file exhausts: tests that are not about them send far more from one address
 * than any visitor. The tests about the limits start with the defaults (`limits: 'default'`).
 */
export const LENIENT_LIMITS: Record<string, string> = {
  ADMIN_LOGIN_GLOBAL_FREE_FAILURES: '100000',
  RATE_LIMIT_INQUIRIES: '100000/1h',
  RATE_LIMIT_SUBSCRIBE: '100000/1h',
  RATE_LIMIT_UNSUBSCRIBE: '100000/1h',
  RATE_LIMIT_UPLOADS: '100000/1h',
  RATE_LIMIT_QR_TAKES: '100000/1h',
};

export interface TestApp {
  app: NestExpressApplication;
  url: string;
  /** Prometheus's endpoint, on a port of its own. */
  metricsUrl: string;
  http: ReturnType<typeof request>;
  db: DataSource;
  smtp: SmtpSink;
  schema: TestSchema;
  storage: EmbeddedStorage;
  /** Where the S3-compatible server keeps objects and multipart parts. */
  storageDir: string;
  adminToken(): Promise<string>;
  /** Row counts of every content table, to prove that a rejected request wrote nothing. */
  rowCounts(): Promise<Record<string, number>>;
  close(): Promise<void>;
}

/**
 * The real application over HTTP, on a schema of its own in PostgreSQL, with a real
 * S3-compatible server and a real SMTP sink: nothing of ours is faked.
 */
export async function startTestApp(
  overrides: Record<string, string> = {},
  options: {
    schema?: TestSchema;
    limits?: 'lenient' | 'default';
    /** Where the app reaches the S3 server: a proxy of the test's in front of `endpoint`. */
    storageVia?: (endpoint: string) => Promise<string>;
    /** Another S3-compatible server than the embedded one (one that implements more of S3). */
    storageServer?: () => Promise<EmbeddedStorage>;
  } = {},
): Promise<TestApp> {
  const schema = options.schema ?? (await createTestSchema());
  const smtp = await new SmtpSink().start();
  const storageDir = mkdtempSync(join(tmpdir(), 'giftcast-s3-'));
  const storage = options.storageServer
    ? await options.storageServer()
    : await startEmbeddedStorage(storageDir, 'giftcast-test');
  const { env } = parseConfig({
    NODE_ENV: 'test',
    PORT: '0',
    METRICS_PORT: '0',
    PUBLIC_URL,
    DATABASE_URL: schema.url,
    DATABASE_POOL_SIZE: '4',
    JOBS_SCHEMA: schema.jobsSchema,
    S3_ENDPOINT: options.storageVia ? await options.storageVia(storage.endpoint) : storage.endpoint,
    S3_BUCKET: 'giftcast-test',
    S3_ACCESS_KEY_ID: storage.accessKeyId,
    S3_SECRET_ACCESS_KEY: storage.secretAccessKey,
    SMTP_URL: smtp.url,
    MAIL_FROM: 'Giftcast <no-reply@giftcast.test>',
    INQUIRY_NOTIFY_TO: 'team@giftcast.test',
    ADMIN_PASSWORD,
    JWT_SECRET: 'test-jwt-secret-that-is-long-enough-0123456789',
    LOG_LEVEL: 'error',
    ...(options.limits === 'default' ? {} : LENIENT_LIMITS),
    ...overrides,
  });
  const { app, url, metricsUrl } = await startServer(env, '127.0.0.1');
  const db = app.get(DataSource);

  return {
    app,
    url,
    metricsUrl,
    http: request(url),
    db,
    smtp,
    schema,
    storage,
    storageDir,
    async adminToken() {
      const response = await request(url).post('/api/admin/verify').send({ password: ADMIN_PASSWORD }).expect(200);
      return response.body.token as string;
    },
    async rowCounts() {
      const tables = ['contact_submissions', 'testimonials', 'blog_posts', 'blog_subscribers'];
      const counts: Record<string, number> = {};
      for (const table of tables) {
        const [{ count }] = await db.query(`SELECT count(*)::int AS count FROM "${table}"`);
        counts[table] = count;
      }
      return counts;
    },
    async close() {
      await app.close();
      await smtp.stop();
      await storage.stop();
      rmSync(storageDir, { recursive: true, force: true });
      if (!options.schema) await schema.drop();
    },
  };
}
