import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { DataSource } from 'typeorm';
import { parseConfig } from '../src/config/config.schema';
import { dataSourceOptions, MIGRATIONS } from '../src/database/data-source';
import { type EmbeddedStorage, startEmbeddedStorage } from '../src/local/embedded-storage';
import { type BackendProcess, startBackendProcess } from './support/backend-process';
import { eventually } from './support/eventually';
import { createTestSchema, type TestSchema } from './support/test-database';

jest.setTimeout(120_000);

const BUCKET = 'giftcast-migrations-check';
const MIGRATE_ENTRY = resolve(__dirname, '../dist/database/migrate.js');
/** The newest migration this build knows: the one the schema is left without. */
const NEWEST = new MIGRATIONS[MIGRATIONS.length - 1]().name;

/**
 * MIGRATIONS=check, as Kubernetes runs the backend: the migration Job (the migrate entry) applies
 * the migrations, and a backend on a schema that lacks one applies nothing and does not serve, so
 * that no traffic reaches it, until the Job has run.
 */
describe('MIGRATIONS=check', () => {
  let schema: TestSchema;
  let storageDir: string;
  let storage: EmbeddedStorage;
  let backend: BackendProcess | undefined;

  const applied = async (): Promise<string[]> => {
    const db = await new DataSource(
      dataSourceOptions(parseConfig({ NODE_ENV: 'test', DATABASE_URL: schema.url }).env),
    ).initialize();
    try {
      return (await db.query<{ name: string }[]>('SELECT name FROM migrations')).map(({ name }) => name);
    } finally {
      await db.destroy();
    }
  };
  /** A ROLE=web backend with MIGRATIONS=check on the test's schema and storage. */
  const checkingBackend = () => ({
    ROLE: 'web',
    MIGRATIONS: 'check',
    LOG_LEVEL: 'warn',
    DATABASE_URL: schema.url,
    S3_ENDPOINT: storage.endpoint,
    S3_BUCKET: BUCKET,
    S3_ACCESS_KEY_ID: storage.accessKeyId,
    S3_SECRET_ACCESS_KEY: storage.secretAccessKey,
    AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
  });
  /** What the migration Job runs: the migrate entry, given the database settings alone, in production. */
  const runMigrateEntry = () =>
    spawnSync(process.execPath, [MIGRATE_ENTRY], {
      env: { PATH: process.env.PATH, NODE_ENV: 'production', DATABASE_URL: schema.url },
      encoding: 'utf8',
    });
  const healthStatus = () =>
    fetch(`${backend!.url}/api/health`).then(
      (response) => response.status,
      () => 0,
    );

  beforeAll(async () => {
    schema = await createTestSchema();
    // The schema of the release before: every migration but the newest.
    const before = new DataSource({
      ...dataSourceOptions(parseConfig({ NODE_ENV: 'test', DATABASE_URL: schema.url }).env),
      migrations: MIGRATIONS.slice(0, -1),
    });
    await before.initialize();
    await before.runMigrations();
    await before.destroy();
    storageDir = mkdtempSync(join(tmpdir(), 'giftcast-migrations-check-'));
    storage = await startEmbeddedStorage(storageDir, BUCKET);
  });
  afterAll(async () => {
    await backend?.stop();
    await storage?.stop();
    rmSync(storageDir, { recursive: true, force: true });
    await schema.drop();
  });

  it('does not serve on a schema missing a migration, applies none, and serves once the migrate entry has run', async () => {
    backend = await startBackendProcess(checkingBackend(), { untilServing: false });
    await eventually(
      () => backend!.output(),
      (output) => output.includes(`the database lacks ${NEWEST}`),
      'the backend to say which migration it waits for',
      30_000,
    );
    expect(await healthStatus()).toBe(0); // not listening: no probe passes, no request reaches it
    expect(await applied()).not.toContain(NEWEST);
    expect(backend.child.exitCode).toBeNull();

    const migrate = runMigrateEntry();
    expect(migrate.stderr).toBe('');
    expect(migrate.stdout.trim()).toBe(`Applied: ${NEWEST}`);
    expect(migrate.status).toBe(0);
    expect(await applied()).toContain(NEWEST);

    await eventually(healthStatus, (status) => status === 200, 'the backend to serve once migrated', 30_000);
  });

  it('lets a backend on a migrated schema serve at once, and the migrate entry find nothing to do', async () => {
    const migrate = runMigrateEntry();
    expect(migrate.stdout.trim()).toBe('No pending migrations.');
    const second = await startBackendProcess(checkingBackend());
    try {
      expect(second.output()).not.toContain('the database lacks');
    } finally {
      await second.stop();
    }
  });
});
