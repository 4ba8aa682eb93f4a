import 'reflect-metadata';
import { resolve } from 'node:path';
import { PinoLogger } from 'nestjs-pino';
import { exitOnUncaughtErrors } from '../common/uncaught-errors';
import { ConfigError, parseConfig } from '../config/config.schema';
import { loadDotenv } from '../config/dotenv';
import { DataSource } from 'typeorm';
import { QrStore } from '../qr/qr-store';
import { seedDemoContent } from './seed-demo-content';
import { startServer } from '../server';
import { startEmbeddedDatabase } from './embedded-database';
import { startEmbeddedStorage } from './embedded-storage';
import { hasMotoServer, startMotoStorage } from './moto-storage';

/**
 * `make run`: the whole product on one machine with only Node.js. Whatever is not configured
 * (DATABASE_URL, S3_ENDPOINT, SMTP_URL) is provided locally under DATA_DIR.
 */
async function main(): Promise<void> {
  loadDotenv();
  const dataDir = resolve(process.env.DATA_DIR ?? 'data');
  // Stopped in the reverse order of their start: the app first, while the storage and the
  // database it hands its work back to are still there, then the storage, then the database.
  const stops: (() => Promise<void>)[] = [];
  const stopAll = async () => {
    for (const stop of stops.splice(0).reverse()) await stop().catch(() => undefined);
  };

  const defaults: Record<string, string> = {
    NODE_ENV: 'development',
    PORT: '8080',
    // Prometheus's endpoint on a free port (the address is printed); METRICS_PORT chooses one.
    METRICS_PORT: '0',
    OUTBOX_DIR: resolve(dataDir, 'outbox'),
    // The SDK's notice that future releases will need Node 22 is for operators, not for a try-out.
    AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
  };
  for (const [name, value] of Object.entries(defaults)) process.env[name] ||= value;
  // The web build the pages come from; set empty (make dev, where Vite serves them), the API alone.
  process.env.WEB_ROOT ??= resolve(__dirname, '../../../frontend/dist');
  process.env.PUBLIC_URL ||= `http://localhost:${process.env.PORT}`;

  try {
    let databaseKind = 'DATABASE_URL';
    if (!process.env.DATABASE_URL) {
      const database = await startEmbeddedDatabase(resolve(dataDir, 'postgres'));
      stops.push(database.stop);
      process.env.DATABASE_URL = database.url;
      databaseKind = `embedded PostgreSQL, in ${resolve(dataDir, 'postgres')}`;
    }
    let storageKind = 'S3_ENDPOINT';
    if (!process.env.S3_ENDPOINT) {
      // Resumable uploads need ListParts and AbortMultipartUpload, which s3rver lacks: moto's
      // server where it is installed (its objects last while it runs), s3rver under DATA_DIR else.
      const storage = hasMotoServer()
        ? await startMotoStorage()
        : await startEmbeddedStorage(resolve(dataDir, 's3'), process.env.S3_BUCKET || 'giftcast');
      stops.push(storage.stop);
      storageKind = hasMotoServer()
        ? 'embedded moto_server, in memory (resumable uploads work)'
        : `embedded s3rver, in ${resolve(dataDir, 's3')} (no resumable uploads: it lacks ListParts; the page sends in one request)`;
      Object.assign(process.env, {
        S3_ENDPOINT: storage.endpoint,
        S3_ACCESS_KEY_ID: storage.accessKeyId,
        S3_SECRET_ACCESS_KEY: storage.secretAccessKey,
        S3_FORCE_PATH_STYLE: 'true',
      });
      if (!hasMotoServer()) process.env.RESUMABLE_UPLOADS = 'false';
    }

    const { env, generatedAdminPassword } = parseConfig(process.env);
    const { app, url, metricsUrl } = await startServer(env, process.env.HOST || '0.0.0.0');
    exitOnUncaughtErrors(PinoLogger.root);
    stops.push(() => app.close());
    const seeded = await seedDemoContent(app.get(DataSource), app.get(QrStore));

    const lines = [
      '',
      `  Giftcast is running at ${url}  (public URL ${env.PUBLIC_URL})`,
      `  API docs:      ${url}/api/docs`,
      `  Admin console: ${url}/admin/blog`,
      `  Metrics:       ${metricsUrl}  (Prometheus)`,
      generatedAdminPassword
        ? `  Admin password for this run: ${generatedAdminPassword}  (set ADMIN_PASSWORD to choose one)`
        : '  Admin password: the ADMIN_PASSWORD you configured',
      `  Database: ${databaseKind}`,
      `  Storage:  ${storageKind}`,
      `  Mail:     ${env.SMTP_URL ? 'SMTP_URL' : `written as .eml files to ${env.OUTBOX_DIR}`}`,
      seeded.length ? `  Seeded demo content: ${seeded.join(', ')}` : '',
      '  Press Ctrl-C to stop.',
      '',
    ];
    console.log(lines.filter((line, i) => line !== '' || i === 0 || i === lines.length - 1).join('\n'));
  } catch (error) {
    console.error(error instanceof ConfigError ? error.message : error);
    await stopAll();
    process.exit(1);
  }

  let stopping = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      console.log('\nStopping…');
      void stopAll().then(() => process.exit(0));
    });
  }
}

void main();
