import { DataSource } from 'typeorm';
import { parseDatabaseConfig } from '../src/config/config.schema';
import { dataSourceOptions } from '../src/database/data-source';
import { TcpOutage } from './support/fault-proxy';
import { TEST_DATABASE_URL } from './support/test-database';

/**
 * The app's pool (src/database/data-source.ts) against a network that drops its connection without
 * a word (a failover that moves the database's address): the query on it gives up at the client's
 * deadline, and the queries after it run on a new connection instead of queueing behind the dead one.
 */
describe('a database connection gone silent', () => {
  let proxy: TcpOutage;
  let db: DataSource;

  beforeAll(async () => {
    const target = new URL(TEST_DATABASE_URL);
    proxy = await new TcpOutage(target.hostname, Number(target.port || 5432)).start();
    target.host = `127.0.0.1:${proxy.port}`;
    // One connection, so a dead one kept in the pool would serve every later query.
    const env = parseDatabaseConfig({
      DATABASE_URL: target.href,
      DATABASE_POOL_SIZE: '1',
      DATABASE_STATEMENT_TIMEOUT_SECONDS: '1',
    });
    db = await new DataSource(dataSourceOptions(env)).initialize();
  });

  afterAll(async () => {
    await db.destroy();
    await proxy.stop();
  });

  it('is left once a query on it timed out: the next query runs on a new connection', async () => {
    expect(await db.query('SELECT 1 AS one')).toEqual([{ one: 1 }]);
    proxy.stallOpenConnections();

    await expect(db.query('SELECT 2 AS two')).rejects.toThrow('Query read timeout');

    expect(await db.query('SELECT 3 AS three')).toEqual([{ three: 3 }]);
    // And in a transaction, as the app's writes run.
    expect(await db.transaction((manager) => manager.query('SELECT 4 AS four'))).toEqual([{ four: 4 }]);
  });
});
