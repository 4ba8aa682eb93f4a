import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { workerDatabaseUrl } from './worker-databases';

/** This jest worker's database (worker-databases.ts). */
export const TEST_DATABASE_URL = workerDatabaseUrl(process.env.JEST_WORKER_ID ?? '1');

export interface TestSchema {
  /** A DATABASE_URL whose connections all work inside the schema. */
  url: string;
  /** The schema's name (public for a database of its own). */
  name: string;
  /** The job queue's schema beside it (JOBS_SCHEMA), dropped with it. */
  jobsSchema: string;
  drop: () => Promise<void>;
}

/** Each test file gets a schema of its own in its worker's database, dropped afterwards. */
export async function createTestSchema(): Promise<TestSchema> {
  const name = `t_${randomBytes(6).toString('hex')}`;
  await asAdmin((admin) => admin.query(`CREATE SCHEMA "${name}"`));
  const url = new URL(TEST_DATABASE_URL);
  url.searchParams.set('options', `-c search_path=${name}`);
  return {
    url: url.toString(),
    name,
    jobsSchema: `${name}_jobs`,
    drop: () => asAdmin((admin) => admin.query(`DROP SCHEMA IF EXISTS "${name}", "${name}_jobs" CASCADE`)),
  };
}

/**
 * A database of its own, the app's tables going into its public schema as in production: for
 * tests of what works on a whole database (backup and restore).
 */
export async function createTestDatabase(): Promise<TestSchema> {
  const name = `giftcast_${randomBytes(6).toString('hex')}`;
  await asAdmin((admin) => admin.query(`CREATE DATABASE "${name}"`));
  const url = new URL(TEST_DATABASE_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name: 'public',
    jobsSchema: 'pgboss',
    drop: () => asAdmin((admin) => admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)),
  };
}

async function asAdmin(work: (admin: Client) => Promise<unknown>): Promise<void> {
  const admin = new Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  try {
    await work(admin);
  } finally {
    await admin.end();
  }
}
