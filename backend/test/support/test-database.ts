import { randomBytes } from 'node:crypto';
import { Client } from 'pg';

export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export interface TestSchema {
  /** A DATABASE_URL whose connections all work inside the schema. */
  url: string;
  name: string;
  drop(): Promise<void>;
}

/** Each test file gets a schema of its own in the test database, dropped afterwards. */
export async function createTestSchema(): Promise<TestSchema> {
  const name = `t_${randomBytes(6).toString('hex')}`;
  const admin = new Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`CREATE SCHEMA "${name}"`);
  await admin.end();
  const url = new URL(TEST_DATABASE_URL);
  url.searchParams.set('options', `-c search_path=${name}`);
  return {
    url: url.toString(),
    name,
    async drop() {
      const client = new Client({ connectionString: TEST_DATABASE_URL });
      await client.connect();
      await client.query(`DROP SCHEMA IF EXISTS "${name}" CASCADE`);
      await client.end();
    },
  };
}
