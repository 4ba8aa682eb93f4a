import { Client } from 'pg';

/**
 * The API test files run on several jest workers at once. Each worker has a database of its own
 * (`<TEST_DATABASE_URL's database>_w<worker>`), in which its files each take a schema: what is
 * shared by a whole database (advisory locks such as the purge's, NOTIFY channels) is shared by
 * the files of one worker only, which run one after another, as in a run in band.
 */
export const BASE_DATABASE_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export function workerDatabaseUrl(worker: string | number): string {
  const url = new URL(BASE_DATABASE_URL);
  url.pathname = `${url.pathname}_w${worker}`;
  return url.toString();
}

/** jest's globalSetup: a fresh database for each worker, any left by an earlier run dropped first. */
export default async function createWorkerDatabases({ maxWorkers }: { maxWorkers: number }): Promise<void> {
  await eachWorkerDatabase(maxWorkers, async (admin, name) => {
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.query(`CREATE DATABASE "${name}"`);
  });
}

/** jest's globalTeardown. */
export async function dropWorkerDatabases({ maxWorkers }: { maxWorkers: number }): Promise<void> {
  await eachWorkerDatabase(maxWorkers, (admin, name) => admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
}

async function eachWorkerDatabase(
  workers: number,
  work: (admin: Client, name: string) => Promise<unknown>,
): Promise<void> {
  const admin = new Client({ connectionString: BASE_DATABASE_URL });
  await admin.connect();
  try {
    for (let worker = 1; worker <= workers; worker++) {
      await work(admin, new URL(workerDatabaseUrl(worker)).pathname.slice(1));
    }
  } finally {
    await admin.end();
  }
}
