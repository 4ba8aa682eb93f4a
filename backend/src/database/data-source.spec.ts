import { dataSourceOptions, postgresConnection } from './data-source';

const DATABASE_URL = 'postgres://giftcast@db.internal:5432/giftcast';
const CA = '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n';

describe('postgresConnection', () => {
  it('leaves TLS to DATABASE_URL (and libpq-style PGSSLMODE) without DATABASE_SSL', () => {
    expect(postgresConnection({ DATABASE_URL })).toEqual({ connectionString: DATABASE_URL });
  });

  it('turns DATABASE_SSL into the TLS options node-postgres takes', () => {
    expect(postgresConnection({ DATABASE_URL, DATABASE_SSL: 'disable' }).ssl).toBe(false);
    expect(postgresConnection({ DATABASE_URL, DATABASE_SSL: 'require' }).ssl).toEqual({ rejectUnauthorized: false });
    expect(postgresConnection({ DATABASE_URL, DATABASE_SSL: 'verify-full' }).ssl).toEqual({ rejectUnauthorized: true });
    expect(postgresConnection({ DATABASE_URL, DATABASE_SSL: 'verify-full', DATABASE_SSL_CA: CA }).ssl).toEqual({
      rejectUnauthorized: true,
      ca: CA,
    });
  });

  it('puts PGPASSWORD into a URL that names a user but no password, encoded', () => {
    expect(postgresConnection({ DATABASE_URL, PGPASSWORD: 'p@ss:word/1' }).connectionString).toBe(
      'postgres://giftcast:p%40ss%3Aword%2F1@db.internal:5432/giftcast',
    );
  });

  it('gives the data source the same connection as the listener of the /try list', () => {
    const env = {
      DATABASE_URL,
      PGPASSWORD: 'pw',
      DATABASE_POOL_SIZE: 4,
      DATABASE_STATEMENT_TIMEOUT_SECONDS: 60,
      DATABASE_SSL: 'require' as const,
    };
    const { connectionString, ssl } = postgresConnection(env);
    expect(dataSourceOptions(env)).toMatchObject({ url: connectionString, ssl });
  });
});
