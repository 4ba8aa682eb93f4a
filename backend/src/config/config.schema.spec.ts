import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { ConfigError, type ParsedConfig, parseConfig } from './config.schema';

const DATABASE_URL = 'postgres://giftcast@localhost:5432/giftcast';
const STRONG_PASSWORD = 'correct-horse-battery';
const STRONG_SECRET = 'k'.repeat(32);
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

/** A production environment that is safe apart from what each test changes. */
const SAFE_PRODUCTION = {
  NODE_ENV: 'production',
  PUBLIC_URL: 'https://giftcast.example',
  DATABASE_URL: 'postgres://giftcast:a-database-password-of-its-own@db.internal:5432/giftcast',
  S3_ACCESS_KEY_ID: 'giftcast-app',
  S3_SECRET_ACCESS_KEY: 'a-storage-secret-of-its-own',
  SMTP_URL: 'smtps://mailer:mail-password@smtp.example.com:465',
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

  it('refuses a newsletter setting of zero connections or a batch of zero, naming both', () => {
    const { variables } = configError({ DATABASE_URL, NEWSLETTER_SMTP_CONNECTIONS: '0', NEWSLETTER_BATCH_SIZE: '0' });
    expect(variables).toEqual(['NEWSLETTER_BATCH_SIZE', 'NEWSLETTER_SMTP_CONNECTIONS']);
  });

  it('gives the admin login throttle and the public write budgets their documented defaults', () => {
    expect(parse({}).env).toMatchObject({
      ADMIN_LOGIN_MAX_FAILURES: 5,
      ADMIN_LOGIN_GLOBAL_FREE_FAILURES: 20,
      ADMIN_LOGIN_GLOBAL_MAX_DELAY_SECONDS: 10,
      RATE_LIMIT_INQUIRIES: { points: 10, seconds: 3600 },
      RATE_LIMIT_SUBSCRIBE: { points: 10, seconds: 3600 },
      RATE_LIMIT_UNSUBSCRIBE: { points: 60, seconds: 60 },
      RATE_LIMIT_UPLOADS: { points: 20, seconds: 3600 },
    });
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
        parseConfig(production({ ADMIN_PASSWORD: 'a'.repeat(12), JWT_SECRET: STRONG_SECRET })),
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

    it('accepts a JWT_SECRET of exactly 32 characters', () => {
      expect(() =>
        parseConfig(production({ ADMIN_PASSWORD: STRONG_PASSWORD, JWT_SECRET: 'k'.repeat(32) })),
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
        'JWT_SECRET',
        'PUBLIC_URL',
        'S3_ACCESS_KEY_ID',
        'S3_SECRET_ACCESS_KEY',
        'SMTP_URL',
      ]);
    });

    it('refuses every password and key that .env.example and docker compose give as defaults', () => {
      const root = resolve(__dirname, '../../..');
      const shipped = [
        ...readFileSync(resolve(root, '.env.example'), 'utf8').matchAll(/^#?\s*([A-Z0-9_]+)=(.*)$/gm),
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
      };
      const defaults = shipped.filter(([name]) => name in asSetting);
      expect(defaults.map(([name]) => name)).toEqual(
        expect.arrayContaining(['DATABASE_URL', 'POSTGRES_PASSWORD', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY']),
      );
      for (const [name, value] of defaults) {
        const setting = asSetting[name](value);
        const named = 'PGPASSWORD' in setting ? ['PGPASSWORD'] : Object.keys(setting);
        expect([name, configError(secured(setting)).variables]).toEqual([name, named]);
      }
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

  describe.each(['development', 'test'])('in %s', (NODE_ENV) => {
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
