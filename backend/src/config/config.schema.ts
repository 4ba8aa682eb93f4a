import { randomBytes } from 'node:crypto';
import { z } from 'zod';

const WEAK_SECRETS = new Set([
  'admin',
  'password',
  'changeme',
  'change-me',
  'secret',
  'giftcast',
  'dev-admin-password',
  'dev-jwt-secret-change-me-in-production',
]);

/**
 * Passwords and storage keys that ship with the project or its images (.env.example, docker
 * compose, MinIO's root account): anyone who has read them could use them.
 */
const DEVELOPMENT_DATABASE_PASSWORDS = new Set(['', 'giftcast', 'giftcast-dev-password', 'postgres', 'password']);
const DEVELOPMENT_STORAGE_KEYS = {
  S3_ACCESS_KEY_ID: new Set(['giftcast', 'giftcast-root', 'minioadmin']),
  S3_SECRET_ACCESS_KEY: new Set(['giftcast-dev-secret', 'giftcast-root-dev-secret', 'minioadmin']),
} as const;

/** Host names that only ever mean the machine itself. */
const LOOPBACK_HOST = /^(localhost|.*\.localhost|127(\.\d{1,3}){3}|\[::1\]|0\.0\.0\.0)$/i;

/**
 * Kakao's JavaScript SDK as published for KakaoTalk sharing: the version and the integrity value
 * Kakao's download page gives for it (developers.kakao.com/docs/latest/ko/javascript/download).
 */
export const KAKAO_SDK_DEFAULT = {
  version: '2.7.9',
  integrity: 'sha384-JpLApTkB8lPskhVMhT+m5Ln8aHlnS0bsIexhaak0jOhAkMYedQoVghPfSpjNi9K1',
} as const;

/** What each process runs: HTTP and the background jobs, or one of the two. */
export const ROLES = ['all', 'web', 'worker'] as const;

const optionalString = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional();

const booleanString = z.enum(['true', 'false', '1', '0']).transform((value) => value === 'true' || value === '1');

const url = z.url({ protocol: /^https?$/ });

/** Salt and key lengths below which a scrypt hash protects nothing (`scrypt$0$0` matched any password). */
export const ADMIN_HASH_MIN_SALT_BYTES = 16;
export const ADMIN_HASH_MIN_KEY_BYTES = 32;

const HEX_BYTES = /^(?:[0-9a-f]{2})+$/;

/** `scrypt$<salt hex>$<key hex>`, as `npm run hash-password` prints it, with a salt and key long enough. */
const adminPasswordHash = z.string().superRefine((value, ctx) => {
  const [scheme, salt, key, ...rest] = value.split('$');
  if (scheme !== 'scrypt' || rest.length > 0 || !HEX_BYTES.test(salt ?? '') || !HEX_BYTES.test(key ?? '')) {
    ctx.addIssue({ code: 'custom', message: 'must look like scrypt$<salt hex>$<hash hex> (npm run hash-password)' });
    return;
  }
  if (salt.length / 2 < ADMIN_HASH_MIN_SALT_BYTES || key.length / 2 < ADMIN_HASH_MIN_KEY_BYTES) {
    ctx.addIssue({
      code: 'custom',
      message: `needs a salt of at least ${ADMIN_HASH_MIN_SALT_BYTES} bytes and a key of at least ${ADMIN_HASH_MIN_KEY_BYTES} bytes (npm run hash-password)`,
    });
  }
});

export interface RateBudget {
  /** Calls allowed per client address within the window. */
  points: number;
  seconds: number;
}

const WINDOW_SECONDS = { s: 1, m: 60, h: 3600 } as const;

/** A budget of calls per client address, written `<calls>/<window>`: `10/1h`, `60/1m`, `5/30s`. */
const rateBudget = (fallback: string) =>
  z
    .string()
    .trim()
    .default(fallback)
    .transform((value, ctx): RateBudget => {
      const match = /^([1-9]\d*)\/(\d*)([smh])$/.exec(value);
      const seconds = match ? Number(match[2] || 1) * WINDOW_SECONDS[match[3] as keyof typeof WINDOW_SECONDS] : 0;
      if (!match || seconds < 1 || seconds > 86_400) {
        ctx.addIssue({
          code: 'custom',
          message: 'must be <calls>/<window> such as 10/1h, 60/1m or 5/30s (window up to 24h)',
        });
        return z.NEVER;
      }
      return { points: Number(match[1]), seconds };
    });

/** The environment the backend accepts; every variable is documented in .env.example. */
export const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    ROLE: z.enum(ROLES).default('all'),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    PUBLIC_URL: url.default('http://localhost:8080').transform((value) => value.replace(/\/+$/, '')),
    TRUST_PROXY: z.string().default('loopback'),
    WEB_ROOT: optionalString,

    DATABASE_URL: z.string().regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL'),
    DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
    DATABASE_EMBEDDED: booleanString.default(false),

    S3_ENDPOINT: optionalString.pipe(url.optional()),
    S3_REGION: z.string().default('us-east-1'),
    S3_BUCKET: z.string().min(3).default('giftcast'),
    S3_ACCESS_KEY_ID: optionalString,
    S3_SECRET_ACCESS_KEY: optionalString,
    S3_FORCE_PATH_STYLE: booleanString.default(true),

    SMTP_URL: optionalString.pipe(
      z
        .string()
        .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
        .optional(),
    ),
    MAIL_FROM: z.string().default('Giftcast <no-reply@localhost>'),
    INQUIRY_NOTIFY_TO: z.string().default('hello@localhost'),
    OUTBOX_DIR: z.string().default('data/outbox'),
    NEWSLETTER_SMTP_CONNECTIONS: z.coerce.number().int().min(1).max(50).default(3),
    NEWSLETTER_BATCH_SIZE: z.coerce.number().int().min(1).max(5000).default(200),
    NEWSLETTER_LEASE_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
    NEWSLETTER_POLL_SECONDS: z.coerce.number().int().min(1).max(3600).default(10),
    NEWSLETTER_RETRY_SECONDS: z.coerce.number().int().min(1).max(86_400).default(30),

    ADMIN_PASSWORD: optionalString,
    ADMIN_PASSWORD_HASH: optionalString.pipe(adminPasswordHash.optional()),
    JWT_SECRET: optionalString,
    JWT_TTL: z.coerce
      .number()
      .int()
      .min(60)
      .max(30 * 24 * 3600)
      .default(12 * 3600),
    ADMIN_LOGIN_MAX_FAILURES: z.coerce.number().int().min(1).default(5),
    ADMIN_LOGIN_GLOBAL_FREE_FAILURES: z.coerce.number().int().min(1).default(20),
    ADMIN_LOGIN_GLOBAL_MAX_DELAY_SECONDS: z.coerce.number().int().min(1).max(3600).default(10),

    RATE_LIMIT_INQUIRIES: rateBudget('10/1h'),
    RATE_LIMIT_SUBSCRIBE: rateBudget('10/1h'),
    RATE_LIMIT_UNSUBSCRIBE: rateBudget('60/1m'),
    RATE_LIMIT_UPLOADS: rateBudget('20/1h'),

    VIDEO_MAX_BYTES: z.coerce.number().int().positive().default(104_857_600),
    VIDEO_RETENTION_DAYS: z.coerce.number().int().positive().default(7),
    TRY_SERIAL_FROM: z.string().regex(/^\d+$/, 'must be digits').default('0500'),
    FFMPEG_PATH: optionalString,
    FFPROBE_PATH: optionalString,
    TRANSCODE_CONCURRENCY: z.coerce.number().int().min(1).max(16).default(1),
    VIDEO_MAX_SECONDS: z.coerce.number().int().min(1).max(3600).default(180),
    TRANSCODE_TIMEOUT_SECONDS: z.coerce
      .number()
      .int()
      .min(10)
      .max(6 * 3600)
      .default(900),

    CONTACT_EMAIL: z.string().default('hello@giftcast.example'),
    CONTACT_PHONE: z.string().default('+82-2-0000-0000'),

    KAKAO_JS_KEY: optionalString.pipe(
      z
        .string()
        .regex(/^[A-Za-z0-9]+$/, 'must be the JavaScript key of a Kakao Developers app (letters and digits)')
        .optional(),
    ),
    KAKAO_SDK_VERSION: z
      .string()
      .trim()
      .regex(/^\d+\.\d+\.\d+$/, "must be a version of Kakao's JavaScript SDK such as 2.7.9")
      .default(KAKAO_SDK_DEFAULT.version),
    KAKAO_SDK_INTEGRITY: z
      .string()
      .trim()
      .regex(/^sha(256|384|512)-[A-Za-z0-9+/]+={0,2}$/, 'must be an integrity value such as sha384-…')
      .default(KAKAO_SDK_DEFAULT.integrity),

    QR_STORE: z.enum(['postgres', 'firestore']).default('postgres'),
    FIREBASE_PROJECT_ID: optionalString,
    FIRESTORE_EMULATOR_HOST: optionalString.pipe(
      z
        .string()
        .regex(/^(\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9.-]+):\d{1,5}$/, 'must be host:port')
        .optional(),
    ),
    GOOGLE_APPLICATION_CREDENTIALS: optionalString,
    /** The database password when DATABASE_URL carries none (docker compose), as the driver reads it. */
    PGPASSWORD: z.string().optional(),
  })
  .superRefine(
    (env, ctx) => {
      if (env.QR_STORE === 'firestore' && !env.FIREBASE_PROJECT_ID) {
        ctx.addIssue({
          code: 'custom',
          path: ['FIREBASE_PROJECT_ID'],
          message:
            'QR_STORE=firestore needs FIREBASE_PROJECT_ID (the Firebase project holding the qr_codes collection)',
        });
      }
      const otherSdk = typeof env.KAKAO_SDK_VERSION === 'string' && env.KAKAO_SDK_VERSION !== KAKAO_SDK_DEFAULT.version;
      if (otherSdk && env.KAKAO_SDK_INTEGRITY === KAKAO_SDK_DEFAULT.integrity) {
        ctx.addIssue({
          code: 'custom',
          path: ['KAKAO_SDK_INTEGRITY'],
          message: `KAKAO_SDK_VERSION ${env.KAKAO_SDK_VERSION} needs the integrity value Kakao publishes for it (this one is ${KAKAO_SDK_DEFAULT.version}'s)`,
        });
      }
      if (env.NODE_ENV !== 'production') return;
      if (!env.ADMIN_PASSWORD_HASH && (!env.ADMIN_PASSWORD || isWeak(env.ADMIN_PASSWORD, 12))) {
        ctx.addIssue({
          code: 'custom',
          path: ['ADMIN_PASSWORD'],
          message: 'production needs ADMIN_PASSWORD (at least 12 characters, not a default) or ADMIN_PASSWORD_HASH',
        });
      }
      if (!env.JWT_SECRET || isWeak(env.JWT_SECRET, 32)) {
        ctx.addIssue({
          code: 'custom',
          path: ['JWT_SECRET'],
          message: 'production needs JWT_SECRET of at least 32 characters that is not a default',
        });
      }
      for (const [path, message] of unsafeInProduction(env)) ctx.addIssue({ code: 'custom', path: [path], message });
    },
    {
      // Zod skips this once a variable failed; run it anyway, so every problem is reported at once.
      when: (payload) => typeof payload.value === 'object' && payload.value !== null,
    },
  );

/**
 * Settings that work on a developer's machine but lose mail, print stickers nobody can scan, or
 * leave the data behind a published password. The values may not have parsed (every problem is
 * reported at once), so each is read defensively.
 */
function unsafeInProduction(env: Partial<Record<keyof Env, unknown>>): [keyof Env, string][] {
  const problems: [keyof Env, string][] = [];
  if (!env.SMTP_URL) {
    problems.push(['SMTP_URL', 'production needs SMTP_URL: without it mail is only written to the outbox folder']);
  }
  const publicUrl = urlOf(env.PUBLIC_URL);
  if (publicUrl && (publicUrl.protocol !== 'https:' || LOOPBACK_HOST.test(publicUrl.hostname))) {
    problems.push([
      'PUBLIC_URL',
      "production needs PUBLIC_URL to be the site's public https origin: it is printed into every QR sticker",
    ]);
  }
  const database = urlOf(env.DATABASE_URL);
  // The driver takes PGPASSWORD where the URL names no password.
  const password = database ? passwordOf(database) || (typeof env.PGPASSWORD === 'string' ? env.PGPASSWORD : '') : '';
  if (database && DEVELOPMENT_DATABASE_PASSWORDS.has(password)) {
    problems.push([
      database.password || typeof env.PGPASSWORD !== 'string' ? 'DATABASE_URL' : 'PGPASSWORD',
      'production needs a database password of its own (in DATABASE_URL or PGPASSWORD; empty or a published default)',
    ]);
  }
  for (const name of ['S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const) {
    const value = env[name];
    if (typeof value === 'string' && DEVELOPMENT_STORAGE_KEYS[name].has(value)) {
      problems.push([name, `production needs a storage key of its own in ${name}, not a published default`]);
    }
  }
  return problems;
}

function urlOf(value: unknown): URL | null {
  return typeof value === 'string' && URL.canParse(value) ? new URL(value) : null;
}

/** The URL's password as the driver reads it (percent-decoded). */
function passwordOf(url: URL): string {
  try {
    return decodeURIComponent(url.password);
  } catch {
    return url.password;
  }
}

function isWeak(secret: string, minLength: number): boolean {
  return secret.length < minLength || WEAK_SECRETS.has(secret.toLowerCase());
}

export type Env = z.infer<typeof envSchema>;

export interface ParsedConfig {
  env: Env;
  /** Set when a development admin password had to be generated; the launcher prints it. */
  generatedAdminPassword?: string;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

/** Parses the environment once; throws a ConfigError naming every bad variable. */
export function parseConfig(source: NodeJS.ProcessEnv): ParsedConfig {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    throw new ConfigError(result.error.issues.map((issue) => `${issue.path.join('.') || '(env)'}: ${issue.message}`));
  }
  const env = result.data;
  let generatedAdminPassword: string | undefined;
  if (!env.ADMIN_PASSWORD && !env.ADMIN_PASSWORD_HASH) {
    generatedAdminPassword = randomBytes(12).toString('base64url');
    env.ADMIN_PASSWORD = generatedAdminPassword;
  }
  // Development without a secret: tokens simply stop working after a restart.
  env.JWT_SECRET ??= randomBytes(32).toString('base64url');
  return { env, generatedAdminPassword };
}
