import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parse as parseYaml } from 'yaml';
import {
  ConfigError,
  estimatedSecretBits,
  parseBackupConfig,
  type ParsedConfig,
  parseConfig,
  parseDatabaseConfig,
  SECRET_MIN_BITS,
  SECRET_SETTINGS,
} from './config.schema';

const DATABASE_URL = 'postgres://giftcast@localhost:5432/giftcast';
const STRONG_PASSWORD = 'correct-horse-battery';
/** 43 characters as `openssl rand -base64 32` prints them (over 200 bits by the estimate). */
const STRONG_SECRET = 'q3Vb7XkP0m9ZrT2cW8yL5nHs1dJf4gAe6uKxNoRiStE';
/** As `npm run hash-password` prints one: scrypt, a 16-byte salt and a 32-byte key, in hex. */
const PASSWORD_HASH = `scrypt$${'5a'.repeat(16)}$${'c3'.repeat(32)}`;

function parse(env: Record<string, string>): ParsedConfig {
  return parseConfig({ DATABASE_URL, ...env });
}

/** The ConfigError a bad environment raises, with the variables it names. */
function configError(env: Record<string, string | undefined>): { error: ConfigError; variables: string[] } {
  try {
    parseConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    const { problems } = error as ConfigError;
    return { error: error as ConfigError, variables: problems.map((problem) => problem.split(':')[0]).sort() };
  }
  throw new Error('the environment was accepted');
}

/**
 * A compose service's environment as docker compose hands it over: `${NAME:-default}` and
 * `${NAME:?message}` read from the operator's .env, a name without a value passed on from it.
 */
function composeEnvironment(service: string, dotenv: Record<string, string>): Record<string, string> {
  const { services } = parseYaml(readFileSync(resolve(__dirname, '../../../docker-compose.yml'), 'utf8'), {
    merge: true,
  }) as { services: Record<string, { environment: Record<string, string | null> }> };
  const interpolate = (value: string) =>
    value.replace(/\$\{(\w+)(?::([-?])([^}]*))?\}/g, (_, name: string, kind?: string, fallback?: string) => {
      if (dotenv[name]) return dotenv[name];
      if (kind === '?') throw new Error(`${service}: ${fallback}`);
      return kind === '-' ? fallback! : '';
    });
  const environment: Record<string, string> = {};
  for (const [name, value] of Object.entries(services[service].environment)) {
    const given = value === null ? dotenv[name] : interpolate(String(value));
    if (given !== undefined) environment[name] = given;
  }
  return environment;
}

/** A production environment that is safe apart from what each test changes. */
const SAFE_PRODUCTION = {
  NODE_ENV: 'production',
  PUBLIC_URL: 'https://giftcast.example',
  DATABASE_URL: 'postgres://giftcast:a-database-password-of-its-own@db.internal:5432/giftcast',
  S3_ACCESS_KEY_ID: 'giftcast-app',
  S3_SECRET_ACCESS_KEY: 'a-storage-secret-of-its-own',
  SMTP_URL: 'smtps://mailer:mail-password@smtp.giftcast.co.kr:465',
  MAIL_FROM: 'Giftcast <no-reply@giftcast.co.kr>',
  INQUIRY_NOTIFY_TO: 'team@giftcast.co.kr',
};
const production = (env: Record<string, string | undefined>) => ({ ...SAFE_PRODUCTION, ...env });
const secured = (env: Record<string, string | undefined>) =>
  production({ ADMIN_PASSWORD: STRONG_PASSWORD, JWT_SECRET: STRONG_SECRET, ...env });

describe('parseConfig', () => {
  it('accepts a minimal development environment and fills in the documented defaults', () => {
    const { env } = parse({});
    expect(env).toMatchObject({
      NODE_ENV: 'development',
      PORT: 3000,
      PUBLIC_URL: 'http://localhost:8080',
      VIDEO_MAX_BYTES: 104_857_600,
      VIDEO_RETENTION_DAYS: 7,
      TRY_SERIAL_FROM: '0500',
      JWT_TTL: 12 * 3600,
    });
  });

  it('gives the newsletter sender its documented defaults and reads overrides as numbers', () => {
    expect(parse({}).env).toMatchObject({
      NEWSLETTER_SMTP_CONNECTIONS: 3,
      NEWSLETTER_BATCH_SIZE: 200,
      NEWSLETTER_LEASE_SECONDS: 60,
      NEWSLETTER_POLL_SECONDS: 10,
      NEWSLETTER_RETRY_SECONDS: 30,
    });
    expect(parse({ NEWSLETTER_SMTP_CONNECTIONS: '8', NEWSLETTER_BATCH_SIZE: '50' }).env).toMatchObject({
      NEWSLETTER_SMTP_CONNECTIONS: 8,
      NEWSLETTER_BATCH_SIZE: 50,
    });
  });

  it('keeps a subscription confirmation valid 48 hours by default, from 1 hour up to 30 days', () => {
    expect(parse({}).env.NEWSLETTER_CONFIRM_HOURS).toBe(48);
    expect(parse({ NEWSLETTER_CONFIRM_HOURS: '1' }).env.NEWSLETTER_CONFIRM_HOURS).toBe(1);
    expect(parse({ NEWSLETTER_CONFIRM_HOURS: '720' }).env.NEWSLETTER_CONFIRM_HOURS).toBe(720);
    for (const value of ['0', '721', '1.5', 'two days']) {
      expect(configError({ DATABASE_URL, NEWSLETTER_CONFIRM_HOURS: value }).variables).toEqual([
        'NEWSLETTER_CONFIRM_HOURS',
      ]);
    }
  });

  it('refuses a newsletter setting of zero connections or a batch of zero, naming both', () => {
    const { variables } = configError({ DATABASE_URL, NEWSLETTER_SMTP_CONNECTIONS: '0', NEWSLETTER_BATCH_SIZE: '0' });
    expect(variables).toEqual(['NEWSLETTER_BATCH_SIZE', 'NEWSLETTER_SMTP_CONNECTIONS']);
  });

  it('gives the admin login throttle and the public write budgets their documented defaults', () => {
    expect(parse({}).env).toMatchObject({
      ADMIN_LOGIN_MAX_FAILURES: 5,
      ADMIN_LOGIN_GLOBAL_FREE_FAILURES: 20,
      ADMIN_LOGIN_GLOBAL_MAX_DELAY_SECONDS: 10,
      ADMIN_LOGIN_DEVICE_MAX_FAILURES: 5,
      ADMIN_LOGIN_DEVICE_LOCKOUT_SECONDS: 900,
      RATE_LIMIT_INQUIRIES: { points: 10, seconds: 3600 },
      RATE_LIMIT_SUBSCRIBE: { points: 10, seconds: 3600 },
      RATE_LIMIT_UNSUBSCRIBE: { points: 60, seconds: 60 },
      RATE_LIMIT_UPLOADS: { points: 20, seconds: 3600 },
    });
  });

  it('caps the live /try streams and their lifetime by default, and reads overrides as numbers', () => {
    expect(parse({}).env).toMatchObject({
      STREAM_MAX_CLIENTS: 1000,
      STREAM_MAX_PER_ADDRESS: 20,
      STREAM_LIFETIME_SECONDS: 300,
    });
    expect(
      parse({ STREAM_MAX_CLIENTS: '1', STREAM_MAX_PER_ADDRESS: '1', STREAM_LIFETIME_SECONDS: '86400' }).env,
    ).toMatchObject({ STREAM_MAX_CLIENTS: 1, STREAM_MAX_PER_ADDRESS: 1, STREAM_LIFETIME_SECONDS: 86_400 });
  });

  it('refuses no stream cap, a lifetime of zero or past a day, naming each', () => {
    const { variables } = configError({
      DATABASE_URL,
      STREAM_MAX_CLIENTS: '0',
      STREAM_MAX_PER_ADDRESS: 'many',
      STREAM_LIFETIME_SECONDS: '86401',
    });
    expect(variables).toEqual(['STREAM_LIFETIME_SECONDS', 'STREAM_MAX_CLIENTS', 'STREAM_MAX_PER_ADDRESS']);
    expect(configError({ DATABASE_URL, STREAM_LIFETIME_SECONDS: '0' }).variables).toEqual(['STREAM_LIFETIME_SECONDS']);
  });

  it('reads the known-browser lockout settings as whole numbers, from 1 and up to a day for the lockout', () => {
    expect(
      parse({ ADMIN_LOGIN_DEVICE_MAX_FAILURES: '10', ADMIN_LOGIN_DEVICE_LOCKOUT_SECONDS: '86400' }).env,
    ).toMatchObject({ ADMIN_LOGIN_DEVICE_MAX_FAILURES: 10, ADMIN_LOGIN_DEVICE_LOCKOUT_SECONDS: 86_400 });
    expect(parse({ ADMIN_LOGIN_DEVICE_LOCKOUT_SECONDS: '1' }).env.ADMIN_LOGIN_DEVICE_LOCKOUT_SECONDS).toBe(1);
    for (const value of ['0', '86401', '1.5', 'soon']) {
      expect(configError({ DATABASE_URL, ADMIN_LOGIN_DEVICE_LOCKOUT_SECONDS: value }).variables).toEqual([
        'ADMIN_LOGIN_DEVICE_LOCKOUT_SECONDS',
      ]);
    }
    for (const value of ['0', '-1', 'five']) {
      expect(configError({ DATABASE_URL, ADMIN_LOGIN_DEVICE_MAX_FAILURES: value }).variables).toEqual([
        'ADMIN_LOGIN_DEVICE_MAX_FAILURES',
      ]);
    }
  });

  it('gives the deadlines of the database, the object store and Firestore their documented defaults', () => {
    expect(parse({}).env).toMatchObject({
      DATABASE_STATEMENT_TIMEOUT_SECONDS: 60,
      STORAGE_CONNECT_TIMEOUT_SECONDS: 5,
      STORAGE_REQUEST_TIMEOUT_SECONDS: 30,
      FIRESTORE_TIMEOUT_SECONDS: 20,
    });
    expect(
      parse({
        DATABASE_STATEMENT_TIMEOUT_SECONDS: '1',
        STORAGE_CONNECT_TIMEOUT_SECONDS: '1',
        STORAGE_REQUEST_TIMEOUT_SECONDS: '1',
        FIRESTORE_TIMEOUT_SECONDS: '1',
      }).env,
    ).toMatchObject({
      DATABASE_STATEMENT_TIMEOUT_SECONDS: 1,
      STORAGE_CONNECT_TIMEOUT_SECONDS: 1,
      STORAGE_REQUEST_TIMEOUT_SECONDS: 1,
      FIRESTORE_TIMEOUT_SECONDS: 1,
    });
  });

  it('refuses a deadline of zero, which would mean none, naming each', () => {
    const { variables } = configError({
      DATABASE_URL,
      DATABASE_STATEMENT_TIMEOUT_SECONDS: '0',
      STORAGE_CONNECT_TIMEOUT_SECONDS: '0',
      STORAGE_REQUEST_TIMEOUT_SECONDS: '0',
      TRANSCODE_TIMEOUT_SECONDS: '0',
      FIRESTORE_TIMEOUT_SECONDS: '0',
    });
    expect(variables).toEqual([
      'DATABASE_STATEMENT_TIMEOUT_SECONDS',
      'FIRESTORE_TIMEOUT_SECONDS',
      'STORAGE_CONNECT_TIMEOUT_SECONDS',
      'STORAGE_REQUEST_TIMEOUT_SECONDS',
      'TRANSCODE_TIMEOUT_SECONDS',
    ]);
  });

  it('gives the media limits and the bounds of ffmpeg their documented defaults, and reads fractions', () => {
    expect(parse({}).env).toMatchObject({
      VIDEO_MAX_SIDE: 4096,
      VIDEO_MAX_MEGAPIXELS: 8.9,
      VIDEO_MAX_FPS: 120,
      VIDEO_MAX_MBPS: 120,
      VIDEO_MAX_GIGAPIXELS: 25,
      TRANSCODE_THREADS: 2,
      TRANSCODE_MEMORY_MB: 1536,
      TRANSCODE_TIMEOUT_SECONDS: 900,
    });
    expect(
      parse({ VIDEO_MAX_MEGAPIXELS: '2.1', VIDEO_MAX_GIGAPIXELS: '0.5', TRANSCODE_THREADS: '1' }).env,
    ).toMatchObject({
      VIDEO_MAX_MEGAPIXELS: 2.1,
      VIDEO_MAX_GIGAPIXELS: 0.5,
      TRANSCODE_THREADS: 1,
    });
  });

  it('refuses media limits that are zero, fractional where they count, or too small to run ffmpeg, naming each', () => {
    const { variables } = configError({
      DATABASE_URL,
      VIDEO_MAX_SIDE: '0',
      VIDEO_MAX_MEGAPIXELS: '0',
      VIDEO_MAX_FPS: '29.97',
      VIDEO_MAX_MBPS: '0',
      VIDEO_MAX_GIGAPIXELS: '-1',
      TRANSCODE_THREADS: '0',
      TRANSCODE_MEMORY_MB: '100',
    });
    expect(variables).toEqual([
      'TRANSCODE_MEMORY_MB',
      'TRANSCODE_THREADS',
      'VIDEO_MAX_FPS',
      'VIDEO_MAX_GIGAPIXELS',
      'VIDEO_MAX_MBPS',
      'VIDEO_MAX_MEGAPIXELS',
      'VIDEO_MAX_SIDE',
    ]);
  });

  it.each([
    ['5/10m', { points: 5, seconds: 600 }],
    ['100/h', { points: 100, seconds: 3600 }],
    ['3/30s', { points: 3, seconds: 30 }],
    [' 1000/24h ', { points: 1000, seconds: 86_400 }],
  ])('reads the budget %p as calls per window', (value, budget) => {
    expect(parse({ RATE_LIMIT_SUBSCRIBE: value }).env.RATE_LIMIT_SUBSCRIBE).toEqual(budget);
  });

  it.each(['', 'ten', '10', '0/1h', '10/0m', '10/2d', '10/25h', '-1/1h', '1.5/1h'])(
    'refuses the budget %p, naming the variable',
    (value) => {
      expect(configError({ DATABASE_URL, RATE_LIMIT_UPLOADS: value }).variables).toEqual(['RATE_LIMIT_UPLOADS']);
    },
  );

  it('leaves KakaoTalk sharing off without KAKAO_JS_KEY, and gives its SDK the published version and integrity', () => {
    expect(parse({}).env.KAKAO_JS_KEY).toBeUndefined();
    expect(parse({}).env).toMatchObject({
      KAKAO_SDK_VERSION: '2.7.9',
      KAKAO_SDK_INTEGRITY: 'sha384-JpLApTkB8lPskhVMhT+m5Ln8aHlnS0bsIexhaak0jOhAkMYedQoVghPfSpjNi9K1',
    });
    expect(parse({ KAKAO_JS_KEY: '  ' }).env.KAKAO_JS_KEY).toBeUndefined();
    expect(parse({ KAKAO_JS_KEY: '2d68640b56d986af5c8a48505c7c8c71' }).env.KAKAO_JS_KEY).toBe(
      '2d68640b56d986af5c8a48505c7c8c71',
    );
  });

  it('refuses a Kakao key, SDK version or integrity that is not one, naming each', () => {
    expect(
      configError({
        DATABASE_URL,
        KAKAO_JS_KEY: '<script>',
        KAKAO_SDK_VERSION: 'latest',
        KAKAO_SDK_INTEGRITY: 'md5-abc',
      }).variables,
    ).toEqual(['KAKAO_JS_KEY', 'KAKAO_SDK_INTEGRITY', 'KAKAO_SDK_VERSION']);
  });

  it('takes another SDK version only with its own integrity value', () => {
    expect(configError({ DATABASE_URL, KAKAO_SDK_VERSION: '2.8.1' }).variables).toEqual(['KAKAO_SDK_INTEGRITY']);
    const integrity = `sha384-${'A'.repeat(64)}`;
    expect(parse({ KAKAO_SDK_VERSION: '2.8.1', KAKAO_SDK_INTEGRITY: integrity }).env).toMatchObject({
      KAKAO_SDK_VERSION: '2.8.1',
      KAKAO_SDK_INTEGRITY: integrity,
    });
  });

  it('reads the analytics id from GA_ID, or from VITE_GA_ID as DESIGN names it, GA_ID first', () => {
    expect(parse({}).env.GA_ID).toBeUndefined();
    expect(parse({ GA_ID: 'G-ONE' }).env.GA_ID).toBe('G-ONE');
    expect(parse({ VITE_GA_ID: 'G-TWO' }).env.GA_ID).toBe('G-TWO');
    expect(parse({ GA_ID: ' ', VITE_GA_ID: 'G-TWO' }).env.GA_ID).toBe('G-TWO');
    expect(parse({ GA_ID: 'G-ONE', VITE_GA_ID: 'G-TWO' }).env.GA_ID).toBe('G-ONE');
    expect(configError({ DATABASE_URL, VITE_GA_ID: '<script>' }).variables).toEqual(['GA_ID']);
  });

  it('drops the trailing slash of PUBLIC_URL', () => {
    expect(parse({ PUBLIC_URL: 'https://giftcast.example/' }).env.PUBLIC_URL).toBe('https://giftcast.example');
  });

  it('reports every bad variable at once, in one ConfigError naming each', () => {
    const { error, variables } = configError({
      DATABASE_URL: 'mysql://localhost/giftcast',
      PORT: 'eighty',
      PUBLIC_URL: 'ftp://giftcast.example',
      SMTP_URL: 'http://mail.example',
      JWT_TTL: '5',
      S3_ENDPOINT: 'not a url',
      ADMIN_PASSWORD_HASH: 'md5$abc',
      TRY_SERIAL_FROM: 'five hundred',
    });
    const expected = [
      'ADMIN_PASSWORD_HASH',
      'DATABASE_URL',
      'JWT_TTL',
      'PORT',
      'PUBLIC_URL',
      'S3_ENDPOINT',
      'SMTP_URL',
      'TRY_SERIAL_FROM',
    ];
    expect(variables).toEqual(expected);
    for (const variable of expected) expect(error.message).toContain(variable);
  });

  it('names a missing DATABASE_URL', () => {
    expect(configError({}).variables).toEqual(['DATABASE_URL']);
  });

  it('reports the production secrets together with any other bad variable', () => {
    const { variables } = configError(production({ PORT: 'eighty' }));
    expect(variables).toEqual(['ADMIN_PASSWORD', 'JWT_SECRET', 'PORT']);
  });

  describe('in production', () => {
    it('accepts a strong ADMIN_PASSWORD and JWT_SECRET, and generates nothing', () => {
      const parsed = parseConfig(production({ ADMIN_PASSWORD: STRONG_PASSWORD, JWT_SECRET: STRONG_SECRET }));
      expect(parsed.generatedAdminPassword).toBeUndefined();
      expect(parsed.env).toMatchObject({ ADMIN_PASSWORD: STRONG_PASSWORD, JWT_SECRET: STRONG_SECRET });
    });

    it('accepts ADMIN_PASSWORD_HASH instead of ADMIN_PASSWORD', () => {
      const parsed = parseConfig(production({ ADMIN_PASSWORD_HASH: PASSWORD_HASH, JWT_SECRET: STRONG_SECRET }));
      expect(parsed.env.ADMIN_PASSWORD_HASH).toBe(PASSWORD_HASH);
      expect(parsed.env.ADMIN_PASSWORD).toBeUndefined();
      expect(parsed.generatedAdminPassword).toBeUndefined();
    });

    it('refuses to start without ADMIN_PASSWORD or JWT_SECRET, naming both', () => {
      expect(configError(production({})).variables).toEqual(['ADMIN_PASSWORD', 'JWT_SECRET']);
    });

    it.each([
      ['missing', undefined],
      ['empty', ''],
      ['only spaces', '            '],
      ['11 characters', 'a'.repeat(11)],
      ['a default (dev-admin-password)', 'dev-admin-password'],
      ['a default in other case (DEV-ADMIN-PASSWORD)', 'DEV-ADMIN-PASSWORD'],
    ])('refuses an ADMIN_PASSWORD that is %s', (_, password) => {
      expect(configError(production({ ADMIN_PASSWORD: password, JWT_SECRET: STRONG_SECRET })).variables).toEqual([
        'ADMIN_PASSWORD',
      ]);
    });

    it('accepts an ADMIN_PASSWORD of exactly 12 characters', () => {
      expect(() =>
        parseConfig(production({ ADMIN_PASSWORD: 'kq7-Vz3mT!pa', JWT_SECRET: STRONG_SECRET })),
      ).not.toThrow();
    });

    it('refuses a malformed ADMIN_PASSWORD_HASH', () => {
      expect(
        configError(production({ ADMIN_PASSWORD_HASH: 'scrypt$nothex$zz', JWT_SECRET: STRONG_SECRET })).variables,
      ).toContain('ADMIN_PASSWORD_HASH');
    });

    it.each([
      ['scrypt$0$0 (it let any password in)', 'scrypt$0$0'],
      ['a salt of 15 bytes', `scrypt$${'ab'.repeat(15)}$${'cd'.repeat(32)}`],
      ['a key of 31 bytes', `scrypt$${'ab'.repeat(16)}$${'cd'.repeat(31)}`],
      ['an empty salt and key', 'scrypt$$'],
      ['hex of an odd length', `scrypt$${'ab'.repeat(16)}a$${'cd'.repeat(32)}`],
      ['upper-case hex', `scrypt$${'AB'.repeat(16)}$${'CD'.repeat(32)}`],
      ['a fourth part', `scrypt$${'ab'.repeat(16)}$${'cd'.repeat(32)}$00`],
    ])('refuses an ADMIN_PASSWORD_HASH with %s, naming it', (_, hash) => {
      const { error, variables } = configError(production({ ADMIN_PASSWORD_HASH: hash, JWT_SECRET: STRONG_SECRET }));
      expect(variables).toEqual(['ADMIN_PASSWORD_HASH']);
      expect(error.message).toContain('ADMIN_PASSWORD_HASH');
    });

    it('refuses scrypt$0$0 in development too, where it would otherwise replace the generated password', () => {
      expect(configError({ DATABASE_URL, ADMIN_PASSWORD_HASH: 'scrypt$0$0' }).variables).toEqual([
        'ADMIN_PASSWORD_HASH',
      ]);
    });

    it('accepts a hash with a salt of exactly 16 bytes and a key of exactly 32 bytes', () => {
      const hash = `scrypt$${'ab'.repeat(16)}$${'cd'.repeat(32)}`;
      expect(
        parseConfig(production({ ADMIN_PASSWORD_HASH: hash, JWT_SECRET: STRONG_SECRET })).env.ADMIN_PASSWORD_HASH,
      ).toBe(hash);
    });

    it.each([
      ['missing', undefined],
      ['empty', ''],
      ['31 characters', 'k'.repeat(31)],
      ['a default (dev-jwt-secret-change-me-in-production)', 'dev-jwt-secret-change-me-in-production'],
    ])('refuses a JWT_SECRET that is %s', (_, secret) => {
      expect(configError(production({ ADMIN_PASSWORD: STRONG_PASSWORD, JWT_SECRET: secret })).variables).toEqual([
        'JWT_SECRET',
      ]);
    });

    it('accepts a JWT_SECRET of exactly 32 characters (32 hex digits: 128 bits)', () => {
      expect(() =>
        parseConfig(production({ ADMIN_PASSWORD: STRONG_PASSWORD, JWT_SECRET: '0123456789abcdef'.repeat(2) })),
      ).not.toThrow();
    });

    it('accepts a production environment with mail, an https origin and credentials of its own', () => {
      expect(parseConfig(secured({})).env).toMatchObject({
        NODE_ENV: 'production',
        PUBLIC_URL: 'https://giftcast.example',
        SMTP_URL: SAFE_PRODUCTION.SMTP_URL,
      });
    });

    it('accepts real AWS S3 without keys (the SDK takes the instance role) and a percent-encoded password', () => {
      const env = secured({
        S3_ACCESS_KEY_ID: undefined,
        S3_SECRET_ACCESS_KEY: undefined,
        DATABASE_URL: 'postgres://giftcast:p%40ss%2Fw0rd-of-its-own@db.internal/giftcast',
      });
      expect(() => parseConfig(env)).not.toThrow();
    });

    it('refuses to start without SMTP_URL, where every mail would only reach the outbox folder', () => {
      const { error, variables } = configError(secured({ SMTP_URL: undefined }));
      expect(variables).toEqual(['SMTP_URL']);
      expect(error.message).toMatch(/SMTP_URL: production needs SMTP_URL/);
    });

    it.each([
      ['left at its default', undefined],
      ['plain http', 'http://giftcast.example'],
      ['localhost over https', 'https://localhost'],
      ['a .localhost name', 'https://shop.localhost:8443'],
      ['127.0.0.1', 'https://127.0.0.1:8443'],
      ['another loopback address', 'https://127.1.2.3'],
      ['::1', 'https://[::1]:8443'],
      ['0.0.0.0', 'https://0.0.0.0'],
    ])('refuses a PUBLIC_URL %s, since every QR sticker prints it', (_, publicUrl) => {
      const { error, variables } = configError(secured({ PUBLIC_URL: publicUrl }));
      expect(variables).toEqual(['PUBLIC_URL']);
      expect(error.message).toContain('QR sticker');
    });

    it.each([
      ['no password', 'postgres://giftcast@db.internal:5432/giftcast'],
      ['an empty password', 'postgres://giftcast:@db.internal:5432/giftcast'],
      ['the default giftcast', 'postgres://giftcast:giftcast@postgres:5432/giftcast'],
      ['postgres', 'postgresql://postgres:postgres@db.internal/giftcast'],
    ])('refuses a DATABASE_URL with %s as password', (_, databaseUrl) => {
      expect(configError(secured({ DATABASE_URL: databaseUrl })).variables).toEqual(['DATABASE_URL']);
    });

    it.each([
      ['S3_ACCESS_KEY_ID', 'giftcast'],
      ['S3_ACCESS_KEY_ID', 'minioadmin'],
      ['S3_SECRET_ACCESS_KEY', 'giftcast-dev-secret'],
      ['S3_SECRET_ACCESS_KEY', 'minioadmin'],
    ])('refuses %s left at the published %p', (name, value) => {
      expect(configError(secured({ [name]: value })).variables).toEqual([name]);
    });

    it('reports every unsafe setting at once, each by name', () => {
      const { variables } = configError({
        NODE_ENV: 'production',
        DATABASE_URL: 'postgres://giftcast:giftcast@postgres:5432/giftcast',
        S3_ACCESS_KEY_ID: 'giftcast',
        S3_SECRET_ACCESS_KEY: 'giftcast-dev-secret',
      });
      expect(variables).toEqual([
        'ADMIN_PASSWORD',
        'DATABASE_URL',
        'INQUIRY_NOTIFY_TO',
        'JWT_SECRET',
        'MAIL_FROM',
        'PUBLIC_URL',
        'S3_ACCESS_KEY_ID',
        'S3_SECRET_ACCESS_KEY',
        'SMTP_URL',
      ]);
    });

    it('refuses every secret, key and address that .env.example and docker compose give as defaults, naming each', () => {
      const root = resolve(__dirname, '../../..');
      const shipped = [
        ...readFileSync(resolve(root, '.env.example'), 'utf8').matchAll(/^#?\s*(?:CHANGE:\s*)?([A-Z0-9_]+)=(.*)$/gm),
        ...readFileSync(resolve(root, 'docker-compose.yml'), 'utf8').matchAll(/\$\{([A-Z0-9_]+):-([^}]*)\}/g),
      ].map(([, name, value]) => [name, value.trim()] as const);
      const asSetting: Record<string, (value: string) => Record<string, string>> = {
        DATABASE_URL: (value) => ({ DATABASE_URL: value }),
        // As docker compose passes it: beside a password-less URL.
        POSTGRES_PASSWORD: (value) => ({
          DATABASE_URL: 'postgres://giftcast@postgres:5432/giftcast',
          PGPASSWORD: value,
        }),
        S3_ACCESS_KEY_ID: (value) => ({ S3_ACCESS_KEY_ID: value }),
        MINIO_ROOT_USER: (value) => ({ S3_ACCESS_KEY_ID: value }),
        S3_SECRET_ACCESS_KEY: (value) => ({ S3_SECRET_ACCESS_KEY: value }),
        MINIO_ROOT_PASSWORD: (value) => ({ S3_SECRET_ACCESS_KEY: value }),
        ADMIN_PASSWORD: (value) => ({ ADMIN_PASSWORD: value }),
        ADMIN_PASSWORD_HASH: (value) => ({ ADMIN_PASSWORD: '', ADMIN_PASSWORD_HASH: value }),
        JWT_SECRET: (value) => ({ JWT_SECRET: value }),
        SMTP_URL: (value) => ({ SMTP_URL: value }),
        MAIL_FROM: (value) => ({ MAIL_FROM: value }),
        INQUIRY_NOTIFY_TO: (value) => ({ INQUIRY_NOTIFY_TO: value }),
      };
      // An empty storage secret is none at all (the SDK then uses the instance's role); an empty
      // database password is refused.
      const defaults = shipped.filter(
        ([name, value]) => name in asSetting && (value !== '' || name === 'POSTGRES_PASSWORD'),
      );
      expect(defaults.map(([name]) => name)).toEqual(
        expect.arrayContaining([
          'DATABASE_URL',
          'POSTGRES_PASSWORD',
          'S3_ACCESS_KEY_ID',
          'S3_SECRET_ACCESS_KEY',
          'ADMIN_PASSWORD',
          'JWT_SECRET',
          'SMTP_URL',
          'MAIL_FROM',
          'INQUIRY_NOTIFY_TO',
        ]),
      );
      for (const [name, value] of defaults) {
        const setting = asSetting[name](value);
        const named = Object.keys(setting).filter(
          (key) => !['DATABASE_URL', 'ADMIN_PASSWORD'].includes(key) || key === name,
        );
        const { variables, error } = configError(secured(setting));
        expect([name, value, variables]).toEqual([name, value, 'PGPASSWORD' in setting ? ['PGPASSWORD'] : named]);
        // The hash's placeholder is refused for its shape, the rest as production's defaults.
        if (name !== 'ADMIN_PASSWORD_HASH') {
          for (const variable of variables) expect(error.message).toContain(`${variable}: production`);
        }
      }
    });

    it.each([
      ['MAIL_FROM', 'Giftcast <no-reply@localhost>'],
      ['MAIL_FROM', 'no-reply@127.0.0.1'],
      ['MAIL_FROM', 'Giftcast <hello@giftcast.example>'],
      ['MAIL_FROM', 'Giftcast <hello@mail.example.com>'],
      ['INQUIRY_NOTIFY_TO', 'hello@localhost'],
      ['INQUIRY_NOTIFY_TO', 'team@shop.localhost'],
    ])('refuses %s %p: nobody receives mail there', (name, value) => {
      const { variables, error } = configError(secured({ [name]: value }));
      expect(variables).toEqual([name]);
      expect(error.message).toContain('a domain that receives mail');
    });

    it('accepts MAIL_FROM and INQUIRY_NOTIFY_TO at a real domain, with or without a display name', () => {
      expect(() =>
        parseConfig(secured({ MAIL_FROM: 'no-reply@giftcast.co.kr', INQUIRY_NOTIFY_TO: 'Team <team@giftcast.co.kr>' })),
      ).not.toThrow();
    });

    it('takes an SMTP relay without a password, on the host or beside it', () => {
      expect(() => parseConfig(secured({ SMTP_URL: 'smtp://127.0.0.1:25' }))).not.toThrow();
      expect(() => parseConfig(secured({ SMTP_URL: 'smtp://user:password@mail.internal:587' }))).not.toThrow();
    });

    it('refuses an SMTP_URL of an example host', () => {
      expect(
        configError(secured({ SMTP_URL: 'smtp://mailer:s3cret-of-its-own@smtp.example.net:587' })).variables,
      ).toEqual(['SMTP_URL']);
    });

    it.each([
      ['JWT_SECRET', 'abcdef0123456789'.repeat(2), '0123456789abcde'.repeat(2) + 'ab', 128],
      ['ADMIN_PASSWORD', 'abcdefghijka', 'abcdefghijaa', 40],
    ])('takes a %s estimated at %p bits and refuses one just below, naming it', (name, enough, tooLittle, bits) => {
      expect(Math.floor(estimatedSecretBits(enough))).toBeGreaterThanOrEqual(bits);
      expect(Math.floor(estimatedSecretBits(tooLittle))).toBeLessThan(bits);
      expect(() => parseConfig(secured({ [name]: enough }))).not.toThrow();
      const { variables, error } = configError(secured({ [name]: tooLittle }));
      expect(variables).toEqual([name]);
      expect(error.message).toMatch(new RegExp(`${name}: production needs .*bits`));
    });

    it.each([
      ['PGPASSWORD', { DATABASE_URL: 'postgres://giftcast@postgres:5432/giftcast' }],
      ['DATABASE_URL', {}],
      ['S3_SECRET_ACCESS_KEY', {}],
    ])('refuses a %s estimated below 64 bits and takes one at 64', (name, extra) => {
      const enough = 'abcdefghijklmnop'; // 16 characters, 16 different: 64 bits
      const tooLittle = 'abcdefghijklmnoa'; // 15 different: 62.5 bits
      const as = (secret: string) =>
        name === 'DATABASE_URL'
          ? { DATABASE_URL: `postgres://giftcast:${secret}@db.internal/giftcast` }
          : { [name]: secret };
      expect(() => parseConfig(secured({ ...extra, ...as(enough) }))).not.toThrow();
      expect(configError(secured({ ...extra, ...as(tooLittle) })).variables).toEqual([name]);
    });

    it('asks no admin secret of a worker, which serves nothing but its health check', () => {
      expect(() => parseConfig(production({ ROLE: 'worker' }))).not.toThrow();
      expect(configError(production({ ROLE: 'web' })).variables).toEqual(['ADMIN_PASSWORD', 'JWT_SECRET']);
    });

    it('asks no inquiry address of a worker, which never takes an inquiry', () => {
      const noInquiryAddress = { ...SAFE_PRODUCTION, INQUIRY_NOTIFY_TO: undefined };
      expect(() => parseConfig({ ...noInquiryAddress, ROLE: 'worker' })).not.toThrow();
      expect(
        configError({ ...noInquiryAddress, ROLE: 'web', ADMIN_PASSWORD: STRONG_PASSWORD, JWT_SECRET: STRONG_SECRET })
          .variables,
      ).toEqual(['INQUIRY_NOTIFY_TO']);
    });

    it.each(['backend', 'worker'])(
      'starts docker compose’s %s in production with the settings an operator’s .env holds',
      (service) => {
        const operatorEnv = {
          PUBLIC_URL: 'https://giftcast.co.kr',
          POSTGRES_PASSWORD: 'a-database-password-of-its-own',
          S3_ACCESS_KEY_ID: 'giftcast-app',
          S3_SECRET_ACCESS_KEY: 'a-storage-secret-of-its-own',
          SMTP_URL: SAFE_PRODUCTION.SMTP_URL,
          MAIL_FROM: SAFE_PRODUCTION.MAIL_FROM,
          INQUIRY_NOTIFY_TO: SAFE_PRODUCTION.INQUIRY_NOTIFY_TO,
          ADMIN_PASSWORD: STRONG_PASSWORD,
          JWT_SECRET: STRONG_SECRET,
          // The worker profile: the backend answers HTTP, the worker runs the jobs.
          BACKEND_ROLE: 'web',
        };
        expect(() => parseConfig(composeEnvironment(service, operatorEnv))).not.toThrow();
      },
    );

    it('turns Swagger UI off unless API_DOCS=1', () => {
      expect(parseConfig(secured({})).env.API_DOCS).toBe(false);
      expect(parseConfig(secured({ API_DOCS: '1' })).env.API_DOCS).toBe(true);
      expect(parseConfig(secured({ API_DOCS: '' })).env.API_DOCS).toBe(false);
    });

    it('keeps development and the test stacks free of these rules', () => {
      for (const NODE_ENV of ['development', 'test']) {
        expect(() =>
          parseConfig({
            NODE_ENV,
            DATABASE_URL,
            S3_ACCESS_KEY_ID: 'giftcast',
            S3_SECRET_ACCESS_KEY: 'giftcast-dev-secret',
          }),
        ).not.toThrow();
      }
    });
  });

  describe('secrets from files (NAME_FILE)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'giftcast-secrets-'));
    afterAll(() => rmSync(dir, { recursive: true, force: true }));
    const secretFile = (name: string, text: string) => {
      const path = join(dir, name);
      writeFileSync(path, text);
      return path;
    };

    it.each(SECRET_SETTINGS.filter((name) => name in parse({}).env))(
      'reads %s from the file %s_FILE names, without its final newline',
      (name) => {
        const value =
          name === 'DATABASE_URL'
            ? 'postgres://giftcast:from-a-file@db/giftcast'
            : name === 'SMTP_URL'
              ? 'smtp://mail:pw@smtp.giftcast.co.kr'
              : name === 'ADMIN_PASSWORD_HASH'
                ? PASSWORD_HASH
                : `${name}-from a file`;
        const base = name === 'DATABASE_URL' ? {} : { DATABASE_URL };
        const env = parseConfig({ ...base, [`${name}_FILE`]: secretFile(name, `${value}\n`) }).env as Record<
          string,
          unknown
        >;
        expect(env[name]).toBe(value);
      },
    );

    it('reads a production secret from its file as strictly as from the environment', () => {
      const path = secretFile('weak-jwt', 'k'.repeat(40));
      expect(configError(production({ ADMIN_PASSWORD: STRONG_PASSWORD, JWT_SECRET_FILE: path })).variables).toEqual([
        'JWT_SECRET',
      ]);
      const strong = secretFile('jwt', `${STRONG_SECRET}\r\n`);
      expect(parseConfig(production({ ADMIN_PASSWORD: STRONG_PASSWORD, JWT_SECRET_FILE: strong })).env.JWT_SECRET).toBe(
        STRONG_SECRET,
      );
    });

    it('takes the file when the variable beside it is empty, as docker compose passes an unset one', () => {
      const path = secretFile('pg', 'a-database-password-of-its-own');
      expect(parse({ PGPASSWORD: '', PGPASSWORD_FILE: path }).env.PGPASSWORD).toBe('a-database-password-of-its-own');
    });

    it('refuses a variable set both ways, and a file it cannot read, naming each *_FILE', () => {
      const { error, variables } = configError({
        DATABASE_URL,
        JWT_SECRET: STRONG_SECRET,
        JWT_SECRET_FILE: secretFile('jwt-both', STRONG_SECRET),
        SMTP_URL_FILE: join(dir, 'missing'),
      });
      expect(variables).toEqual(['JWT_SECRET_FILE', 'SMTP_URL_FILE']);
      expect(error.message).toContain('JWT_SECRET is set too');
      expect(error.message).toContain(`cannot read ${join(dir, 'missing')} (ENOENT)`);
    });
  });

  describe('the secret strength estimate', () => {
    it.each([
      ['', 0],
      ['aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa', 0],
      ['abababababababababababababababab', 32],
      ['0123456789abcdef0123456789abcdef', 128],
    ])('puts %p at %p bits', (secret, bits) => {
      expect(estimatedSecretBits(secret)).toBeCloseTo(bits);
    });

    it('asks machine secrets for more than the rate-limited admin password', () => {
      expect(SECRET_MIN_BITS.JWT_SECRET).toBeGreaterThan(SECRET_MIN_BITS.PGPASSWORD);
      expect(SECRET_MIN_BITS.PGPASSWORD).toBeGreaterThan(SECRET_MIN_BITS.ADMIN_PASSWORD);
    });
  });

  describe.each(['development', 'test'])('in %s', (NODE_ENV) => {
    it('serves Swagger UI unless API_DOCS=0', () => {
      expect(parse({ NODE_ENV }).env.API_DOCS).toBe(true);
      expect(parse({ NODE_ENV, API_DOCS: '0' }).env.API_DOCS).toBe(false);
    });

    it('generates an admin password when none is set, and reports it', () => {
      const first = parse({ NODE_ENV });
      const second = parse({ NODE_ENV });
      expect(first.generatedAdminPassword).toEqual(expect.any(String));
      expect(first.generatedAdminPassword!.length).toBeGreaterThanOrEqual(16);
      expect(first.env.ADMIN_PASSWORD).toBe(first.generatedAdminPassword);
      expect(second.generatedAdminPassword).not.toBe(first.generatedAdminPassword);
    });

    it('generates a JWT secret of at least 32 characters when none is set', () => {
      expect(parse({ NODE_ENV }).env.JWT_SECRET!.length).toBeGreaterThanOrEqual(32);
    });

    it('keeps the ADMIN_PASSWORD it is given and generates none', () => {
      const parsed = parse({ NODE_ENV, ADMIN_PASSWORD: 'admin' });
      expect(parsed.env.ADMIN_PASSWORD).toBe('admin');
      expect(parsed.generatedAdminPassword).toBeUndefined();
    });

    it('generates no password when ADMIN_PASSWORD_HASH is set', () => {
      const parsed = parse({ NODE_ENV, ADMIN_PASSWORD_HASH: PASSWORD_HASH });
      expect(parsed.env.ADMIN_PASSWORD).toBeUndefined();
      expect(parsed.generatedAdminPassword).toBeUndefined();
    });
  });
});

describe('parseBackupConfig', () => {
  const BACKUP = { BACKUP_REPOSITORY: '/backups/restic', BACKUP_WORK_DIR: '/work', DATABASE_URL };

  it('runs at 03:00 and keeps 14 days unless told otherwise, unencrypted without a key', () => {
    const env = parseBackupConfig(BACKUP);
    expect(env).toMatchObject({ BACKUP_HOUR: 3, BACKUP_KEEP_DAYS: 14 });
    expect(env.BACKUP_PASSWORD).toBeUndefined();
    expect(env.BACKUP_COPY_REPOSITORY).toBeUndefined();
  });

  it.each([
    ['BACKUP_HOUR', '0', 0],
    ['BACKUP_HOUR', '23', 23],
    ['BACKUP_KEEP_DAYS', '1', 1],
  ])('takes %s=%s', (name, value, parsed) => {
    expect(parseBackupConfig({ ...BACKUP, [name]: value })[name as 'BACKUP_HOUR']).toBe(parsed);
  });

  it.each([
    ['BACKUP_HOUR', '24'],
    ['BACKUP_HOUR', '-1'],
    ['BACKUP_KEEP_DAYS', '0'],
    ['BACKUP_REPOSITORY', ''],
    ['BACKUP_PASSWORD', 'short-pw'],
  ])('refuses %s=%p, naming it', (name, value) => {
    expect(() => parseBackupConfig({ ...BACKUP, [name]: value })).toThrow(new RegExp(`- ${name}: `));
  });

  it('reads BACKUP_PASSWORD_FILE and BACKUP_COPY_SECRET_ACCESS_KEY_FILE', () => {
    const dir = mkdtempSync(join(tmpdir(), 'giftcast-backup-secrets-'));
    try {
      writeFileSync(join(dir, 'key'), 'Xq7!b9Lm-2Zr#4Tp8wKc-restic\n');
      writeFileSync(join(dir, 's3'), 'copy-secret\n');
      expect(
        parseBackupConfig({
          ...BACKUP,
          BACKUP_PASSWORD_FILE: join(dir, 'key'),
          BACKUP_COPY_SECRET_ACCESS_KEY_FILE: join(dir, 's3'),
        }),
      ).toMatchObject({ BACKUP_PASSWORD: 'Xq7!b9Lm-2Zr#4Tp8wKc-restic', BACKUP_COPY_SECRET_ACCESS_KEY: 'copy-secret' });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the database connection settings', () => {
  const dir = mkdtempSync(join(tmpdir(), 'giftcast-database-ca-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const PEM = '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----';

  it('applies migrations at start unless MIGRATIONS=check, and refuses anything else', () => {
    expect(parse({}).env.MIGRATIONS).toBe('apply');
    expect(parse({ MIGRATIONS: 'check' }).env.MIGRATIONS).toBe('check');
    expect(configError({ DATABASE_URL, MIGRATIONS: 'skip' }).variables).toEqual(['MIGRATIONS']);
  });

  it('leaves TLS to DATABASE_URL without DATABASE_SSL, and takes disable, require and verify-full', () => {
    expect(parse({}).env.DATABASE_SSL).toBeUndefined();
    expect(parse({ DATABASE_SSL: '' }).env.DATABASE_SSL).toBeUndefined();
    for (const mode of ['disable', 'require', 'verify-full']) {
      expect(parse({ DATABASE_SSL: mode }).env.DATABASE_SSL).toBe(mode);
    }
    expect(configError({ DATABASE_URL, DATABASE_SSL: 'verify-ca' }).variables).toEqual(['DATABASE_SSL']);
  });

  it('takes DATABASE_SSL_CA as PEM text or as the path of a PEM file, and keeps the certificates', () => {
    const path = join(dir, 'ca.pem');
    writeFileSync(path, `${PEM}\n`);
    expect(parse({ DATABASE_SSL: 'verify-full', DATABASE_SSL_CA: PEM }).env.DATABASE_SSL_CA).toBe(PEM);
    expect(parse({ DATABASE_SSL: 'verify-full', DATABASE_SSL_CA: path }).env.DATABASE_SSL_CA).toBe(`${PEM}\n`);
  });

  it('refuses a DATABASE_SSL_CA it cannot read or that holds no certificate, naming the file', () => {
    const notPem = join(dir, 'not-a-certificate.txt');
    writeFileSync(notPem, 'ca goes here\n');
    const missing = configError({ DATABASE_URL, DATABASE_SSL: 'verify-full', DATABASE_SSL_CA: join(dir, 'none.pem') });
    expect(missing.variables).toEqual(['DATABASE_SSL_CA']);
    expect(missing.error.message).toContain(`cannot read ${join(dir, 'none.pem')} (ENOENT)`);
    const text = configError({ DATABASE_URL, DATABASE_SSL: 'verify-full', DATABASE_SSL_CA: notPem });
    expect(text.variables).toEqual(['DATABASE_SSL_CA']);
    expect(text.error.message).toContain('must be PEM certificates');
  });

  it('refuses DATABASE_SSL_CA without DATABASE_SSL=verify-full, which alone checks the server with it', () => {
    for (const mode of [undefined, 'disable', 'require']) {
      const { variables, error } = configError({ DATABASE_URL, DATABASE_SSL: mode, DATABASE_SSL_CA: PEM });
      expect(variables).toEqual(['DATABASE_SSL_CA']);
      expect(error.message).toContain('only used with DATABASE_SSL=verify-full');
    }
  });

  it("refuses DATABASE_SSL beside DATABASE_URL's own TLS parameters, which node-postgres would let win", () => {
    for (const parameter of ['sslmode=require', 'ssl=true', 'sslrootcert=/ca.pem']) {
      const { variables, error } = configError({
        DATABASE_URL: `${DATABASE_URL}?${parameter}`,
        DATABASE_SSL: 'require',
      });
      expect(variables).toEqual(['DATABASE_SSL']);
      expect(error.message).toContain(parameter.split('=')[0]);
    }
    expect(parse({ DATABASE_URL: `${DATABASE_URL}?sslmode=no-verify` }).env.DATABASE_SSL).toBeUndefined();
  });

  describe('parseDatabaseConfig (the migrate entry)', () => {
    it('asks production for the database settings alone: no admin secret, mail or storage key', () => {
      const env = parseDatabaseConfig({
        NODE_ENV: 'production',
        DATABASE_URL: 'postgres://giftcast@db.internal:5432/giftcast',
        PGPASSWORD_FILE: (() => {
          const path = join(dir, 'postgres_password');
          writeFileSync(path, 'a-database-password-of-its-own\n');
          return path;
        })(),
        DATABASE_SSL: 'verify-full',
        DATABASE_SSL_CA: PEM,
      });
      expect(env).toEqual({
        DATABASE_URL: 'postgres://giftcast@db.internal:5432/giftcast',
        DATABASE_POOL_SIZE: 10,
        DATABASE_STATEMENT_TIMEOUT_SECONDS: 60,
        DATABASE_SSL: 'verify-full',
        DATABASE_SSL_CA: PEM,
        PGPASSWORD: 'a-database-password-of-its-own',
        JOBS_SCHEMA: 'pgboss',
      });
    });

    it('refuses what the backend refuses of them, naming each', () => {
      expect(() => parseDatabaseConfig({ DATABASE_URL: 'mysql://db/giftcast' })).toThrow(/- DATABASE_URL: /);
      expect(() =>
        parseDatabaseConfig({ DATABASE_URL: `${DATABASE_URL}?sslmode=require`, DATABASE_SSL: 'verify-full' }),
      ).toThrow(/- DATABASE_SSL: /);
      expect(() => parseDatabaseConfig({ DATABASE_URL, DATABASE_SSL_CA: PEM })).toThrow(/- DATABASE_SSL_CA: /);
    });
  });
});
