import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { parseDatabaseConfig } from '../src/config/config.schema';
import { dataSourceOptions } from '../src/database/data-source';
import { SseClient } from './support/sse-client';
import { startTestApp } from './support/test-app';
import { startTlsPostgres, TLS_DATABASE_PASSWORD, TLS_DATABASE_USER, type TlsPostgres } from './support/tls-postgres';

jest.setTimeout(120_000);

interface Code {
  id: string;
  serialNumber: string;
}

/**
 * DATABASE_SSL and DATABASE_SSL_CA against a PostgreSQL server of the test's own with TLS on and a
 * certificate signed by a CA the test made, for 127.0.0.1 alone; the server takes plain connections
 * too, so what the client chose shows in pg_stat_ssl.
 */
describe('TLS to the database (DATABASE_SSL, DATABASE_SSL_CA)', () => {
  let pg: TlsPostgres;
  let secrets: string;
  let passwordFile: string;

  beforeAll(async () => {
    pg = await startTlsPostgres();
    secrets = mkdtempSync(join(tmpdir(), 'giftcast-tls-secrets-'));
    passwordFile = join(secrets, 'postgres_password');
    writeFileSync(passwordFile, `${TLS_DATABASE_PASSWORD}\n`);
  });
  afterAll(async () => {
    await pg?.stop();
    rmSync(secrets, { recursive: true, force: true });
  });

  /** Connects as the backend's data source does with `settings`; answers whether the session is encrypted. */
  async function encrypted(settings: Record<string, string>, host = '127.0.0.1'): Promise<boolean> {
    const env = parseDatabaseConfig({ DATABASE_URL: pg.url(host), PGPASSWORD_FILE: passwordFile, ...settings });
    const db = await new DataSource(dataSourceOptions(env)).initialize();
    try {
      const [{ ssl }] = await db.query<{ ssl: boolean }[]>('SELECT ssl FROM pg_stat_ssl WHERE pid = pg_backend_pid()');
      return ssl;
    } finally {
      await db.destroy();
    }
  }

  it('require: encrypts without checking the certificate, which no CA it knows signed', async () => {
    expect(await encrypted({ DATABASE_SSL: 'require' })).toBe(true);
  });

  it('disable: a plain connection, though the server offers TLS', async () => {
    expect(await encrypted({ DATABASE_SSL: 'disable' })).toBe(false);
  });

  it('verify-full: encrypted to the host the certificate names, with the CA as a file or as PEM text', async () => {
    expect(await encrypted({ DATABASE_SSL: 'verify-full', DATABASE_SSL_CA: pg.caFile })).toBe(true);
    expect(await encrypted({ DATABASE_SSL: 'verify-full', DATABASE_SSL_CA: pg.caPem })).toBe(true);
  });

  it('verify-full: refuses a server whose certificate no trusted CA signed (without DATABASE_SSL_CA: public CAs only)', async () => {
    await expect(encrypted({ DATABASE_SSL: 'verify-full' })).rejects.toThrow(
      /self[- ]signed certificate|unable to (get|verify)/i,
    );
  });

  it('verify-full: refuses a host the certificate does not name, though its CA is trusted', async () => {
    // 127.0.0.2 reaches the same server; the certificate names 127.0.0.1 alone.
    await expect(encrypted({ DATABASE_SSL: 'verify-full', DATABASE_SSL_CA: pg.caFile }, '127.0.0.2')).rejects.toThrow(
      /does not match|altnames/i,
    );
  });

  it("runs the whole backend over verify-full: its migrations, its pool and the /try list's listener, logged in with PGPASSWORD_FILE", async () => {
    const database = { url: pg.url(), name: 'public', jobsSchema: 'pgboss', drop: () => Promise.resolve() };
    const t = await startTestApp(
      { PGPASSWORD_FILE: passwordFile, DATABASE_SSL: 'verify-full', DATABASE_SSL_CA: pg.caFile },
      { schema: database },
    );
    const admin = new Client({ host: '127.0.0.1', port: pg.port, user: 'postgres', database: 'postgres' });
    const stream = await SseClient.connect(`${t.url}/api/qr/available/stream`);
    try {
      expect((await t.http.get('/api/health').expect(200)).body.checks.database).toBe('up');
      // The /try list hears of a change only through the listener's LISTEN, on a connection of its own.
      await stream.waitForSnapshot<Code[]>(() => true);
      const auth = { Authorization: `Bearer ${await t.adminToken()}` };
      const created = await t.http.post('/api/admin/qr').set(auth).send({ count: 1, pool: 'try' }).expect(201);
      const [code] = created.body.items as Code[];
      await stream.waitForSnapshot<Code[]>((codes) => codes.some(({ id }) => id === code.id), 1, 10_000);

      await admin.connect();
      const { rows } = await admin.query<{ ssl: boolean; query: string }>(
        `SELECT s.ssl, a.query FROM pg_stat_activity a JOIN pg_stat_ssl s USING (pid)
         WHERE a.usename = $1 AND a.backend_type = 'client backend'`,
        [TLS_DATABASE_USER],
      );
      expect(rows.length).toBeGreaterThanOrEqual(2);
      expect(rows.filter(({ ssl }) => !ssl)).toEqual([]);
      expect(rows.map(({ query }) => query)).toContain('LISTEN giftcast_qr_changed');
    } finally {
      stream.close();
      await admin.end().catch(() => undefined);
      await t.close();
    }
  });
});
