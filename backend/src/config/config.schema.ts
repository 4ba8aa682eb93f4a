import { randomBytes } from 'node:crypto';
import { BUILT_CONTACT } from '@giftcast/contract/site-contact';
import { readFileSync } from 'node:fs';
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
 * Passwords, keys and addresses that ship with the project or its images (.env.example, docker
 * compose, MinIO's root account): anyone who has read them could use them. The unit tests read
 * .env.example, so a placeholder added there and missing here fails them.
 */
const PUBLISHED_SECRETS = new Set([
  '',
  'giftcast',
  'giftcast-dev-password',
  'giftcast-dev-secret',
  'giftcast-root',
  'giftcast-root-dev-secret',
  'choose-a-long-password',
  'a-random-string-of-at-least-32-characters',
  'postgres',
  'password',
  'minioadmin',
]);
const DEVELOPMENT_STORAGE_KEYS = {
  S3_ACCESS_KEY_ID: PUBLISHED_SECRETS,
  S3_SECRET_ACCESS_KEY: PUBLISHED_SECRETS,
} as const;

/**
 * Settings that may also be read from a file named by NAME_FILE (compose secrets, Kubernetes Secrets
 * mounted as files), once, at start.
 */
export const SECRET_SETTINGS = [
  'ADMIN_PASSWORD',
  'ADMIN_PASSWORD_HASH',
  'JWT_SECRET',
  'DATABASE_URL',
  'PGPASSWORD',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
  'SMTP_URL',
  'BACKUP_PASSWORD',
  'BACKUP_COPY_SECRET_ACCESS_KEY',
] as const;

/**
 * How many bits a secret holds at most, estimated as a random string of its length over the
 * characters it uses would: length × log2(distinct characters). Repetition and small alphabets
 * count against it (`aaaa…` holds none, 32 hex digits 128 bits); words count as their letters do, so
 * the estimate is an upper bound that catches the obviously weak, not a proof of strength.
 */
export function estimatedSecretBits(secret: string): number {
  const characters = [...secret];
  const distinct = new Set(characters).size;
  return distinct < 2 ? 0 : characters.length * Math.log2(distinct);
}

/** The least estimated strength each secret needs in production (see estimatedSecretBits). */
export const SECRET_MIN_BITS = {
  // Guessed online only, through the login's budgets (docs/security.md).
  ADMIN_PASSWORD: 40,
  // Signs admin tokens: a token in hand can be guessed against offline.
  JWT_SECRET: 128,
  // The database, storage and backup keys: machine secrets nobody types.
  PGPASSWORD: 64,
  S3_SECRET_ACCESS_KEY: 64,
  BACKUP_PASSWORD: 64,
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

/** How the backend talks to PostgreSQL: plain, encrypted, or encrypted to a server whose certificate is checked. */
export const DATABASE_SSL_MODES = ['disable', 'require', 'verify-full'] as const;

const PEM_CERTIFICATE = '-----BEGIN CERTIFICATE-----';

/** The CA certificates for DATABASE_SSL=verify-full: PEM text as it is, anything else the path of a PEM file. */
const certificateAuthority = z.string().transform((value, ctx) => {
  let pem = value;
  if (!value.startsWith('-----BEGIN')) {
    try {
      pem = readFileSync(value, 'utf8');
    } catch (error) {
      ctx.addIssue({
        code: 'custom',
        message: `cannot read ${value} (${(error as NodeJS.ErrnoException).code ?? String(error)})`,
      });
      return z.NEVER;
    }
  }
  if (!pem.includes(PEM_CERTIFICATE)) {
    ctx.addIssue({ code: 'custom', message: `must be PEM certificates (${PEM_CERTIFICATE} …) or a file of them` });
    return z.NEVER;
  }
  return pem;
});

/** DATABASE_URL's parameters that node-postgres turns into TLS options of its own, replacing DATABASE_SSL's. */
const URL_TLS_PARAMETERS = ['ssl', 'sslmode', 'sslrootcert', 'sslcert', 'sslkey', 'sslnegotiation'];

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
    /** Prometheus's /metrics, on a port of its own that nginx never routes (0 picks a free port). */
    METRICS_PORT: z.coerce.number().int().min(0).max(65535).default(9464),
    PUBLIC_URL: url.default('http://localhost:8080').transform((value) => value.replace(/\/+$/, '')),
    TRUST_PROXY: z.string().default('loopback'),
    WEB_ROOT: optionalString,

    DATABASE_URL: z.string().regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL'),
    DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
    /** The longest a statement may run; the client gives up 5 s later should the server not answer at all. */
    DATABASE_STATEMENT_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
    DATABASE_SSL: optionalString.pipe(z.enum(DATABASE_SSL_MODES).optional()),
    DATABASE_SSL_CA: optionalString.pipe(certificateAuthority.optional()),
    /** apply: migrate at start (advisory lock); check: wait at start until another process (the migrate entry) has. */
    MIGRATIONS: z.enum(['apply', 'check']).default('apply'),
    /** The PostgreSQL schema of the job queue (pg-boss), which installs and upgrades it itself. */
    JOBS_SCHEMA: z
      .string()
      .regex(/^[a-z_][a-z0-9_]{0,49}$/, 'must be a lower-case PostgreSQL schema name')
      .default('pgboss'),

    S3_ENDPOINT: optionalString.pipe(url.optional()),
    S3_REGION: z.string().default('us-east-1'),
    S3_BUCKET: z.string().min(3).default('giftcast'),
    S3_ACCESS_KEY_ID: optionalString,
    S3_SECRET_ACCESS_KEY: optionalString,
    S3_FORCE_PATH_STYLE: booleanString.default(true),
    /**
     * Who sends a video's bytes once the backend has allowed them: node (this process), nginx (an
     * X-Accel-Redirect to a signed storage request nginx makes) or redirect (a 302 to a signed URL
     * at S3_PUBLIC_ENDPOINT).
     */
    VIDEO_DELIVERY: z.enum(['node', 'nginx', 'redirect']).default('node'),
    /** The storage (or CDN) address players are sent to by VIDEO_DELIVERY=redirect; default S3_ENDPOINT. */
    S3_PUBLIC_ENDPOINT: optionalString.pipe(url.optional()),
    STORAGE_CONNECT_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(300).default(5),
    /** A storage call with no answer, or a transfer with no byte either way, for this long fails. */
    STORAGE_REQUEST_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),

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
    NEWSLETTER_CONFIRM_HOURS: z.coerce
      .number()
      .int()
      .min(1)
      .max(30 * 24)
      .default(48),

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
    ADMIN_LOGIN_DEVICE_MAX_FAILURES: z.coerce.number().int().min(1).default(5),
    ADMIN_LOGIN_DEVICE_LOCKOUT_SECONDS: z.coerce.number().int().min(1).max(86_400).default(900),

    RATE_LIMIT_INQUIRIES: rateBudget('10/1h'),
    RATE_LIMIT_SUBSCRIBE: rateBudget('10/1h'),
    RATE_LIMIT_UNSUBSCRIBE: rateBudget('60/1m'),
    RATE_LIMIT_UPLOADS: rateBudget('20/1h'),
    RATE_LIMIT_QR_TAKES: rateBudget('20/1h'),

    STREAM_MAX_CLIENTS: z.coerce.number().int().min(1).max(100_000).default(1000),
    STREAM_MAX_PER_ADDRESS: z.coerce.number().int().min(1).max(100_000).default(20),
    STREAM_LIFETIME_SECONDS: z.coerce.number().int().min(1).max(86_400).default(300),

    VIDEO_MAX_BYTES: z.coerce.number().int().positive().default(104_857_600),
    VIDEO_RETENTION_DAYS: z.coerce.number().int().positive().default(7),
    UPLOAD_EXPIRY_HOURS: z.coerce
      .number()
      .int()
      .min(1)
      .max(24 * 30)
      .default(24),
    // false where the S3 server lacks ListParts and AbortMultipartUpload (s3rver): the tus creation
    // answers 501 and the page sends the file in one request instead.
    RESUMABLE_UPLOADS: booleanString.default(true),
    TRY_SERIAL_FROM: z.string().regex(/^\d+$/, 'must be digits').default('0500'),
    FFMPEG_PATH: optionalString,
    FFPROBE_PATH: optionalString,
    TRANSCODE_CONCURRENCY: z.coerce.number().int().min(1).max(16).default(1),
    VIDEO_MAX_SECONDS: z.coerce.number().int().min(1).max(3600).default(180),
    TRANSCODE_TIMEOUT_SECONDS: z.coerce
      .number()
      .int()
      .min(1)
      .max(6 * 3600)
      .default(900),
    TRANSCODE_THREADS: z.coerce.number().int().min(1).max(64).default(2),
    /** Address space of each ffmpeg/ffprobe run, where the system's ulimit -v works. */
    TRANSCODE_MEMORY_MB: z.coerce.number().int().min(256).max(65_536).default(1536),
    // What a phone records; anything beyond is refused from its headers and packets, before decoding.
    VIDEO_MAX_SIDE: z.coerce.number().int().min(320).max(16_384).default(4096),
    VIDEO_MAX_MEGAPIXELS: z.coerce.number().min(0.1).max(300).default(8.9),
    VIDEO_MAX_FPS: z.coerce.number().int().min(1).max(1000).default(120),
    VIDEO_MAX_MBPS: z.coerce.number().min(1).max(10_000).default(120),
    /** Every frame's pixels together, in billions: 25 is 3 minutes of 1080p at 60 frames a second. */
    VIDEO_MAX_GIGAPIXELS: z.coerce.number().min(0.1).max(10_000).default(25),

    /** Read at start and carried by every page (data-contact-email, …): no rebuild for another operator. */
    CONTACT_EMAIL: optionalString.pipe(z.email('must be an e-mail address').default(BUILT_CONTACT.email)),
    CONTACT_PHONE: optionalString.pipe(z.string().default(BUILT_CONTACT.phone)),
    /** Google Analytics' measurement id, read at start; unset, no page loads analytics. */
    GA_ID: optionalString.pipe(
      z
        .string()
        .regex(/^[A-Za-z0-9-]+$/, 'must be an analytics measurement id such as G-XXXXXXX')
        .optional(),
    ),

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
    /**
     * The longest a QR store call to Firestore may take before it counts as an outage (503). Twice
     * it (a commit sent at the deadline is waited out) stays under nginx's 60-second answer.
     */
    FIRESTORE_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(25).default(20),
    /** The database password when DATABASE_URL carries none (docker compose), as the driver reads it. */
    PGPASSWORD: z.string().optional(),
    /** Swagger UI at /api/docs: on outside production, and in production only with API_DOCS=1. */
    API_DOCS: optionalString.pipe(booleanString.optional()),
  })
  .superRefine(
    (env, ctx) => {
      for (const [path, message] of databaseTlsProblems(env)) ctx.addIssue({ code: 'custom', path: [path], message });
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
      // A worker serves nothing but its health check: it needs no admin secret (nor INQUIRY_NOTIFY_TO).
      if (env.ROLE !== 'worker') {
        if (!env.ADMIN_PASSWORD_HASH && (!env.ADMIN_PASSWORD || isWeak(env.ADMIN_PASSWORD, 12))) {
          ctx.addIssue({
            code: 'custom',
            path: ['ADMIN_PASSWORD'],
            message: 'production needs ADMIN_PASSWORD (at least 12 characters, not a default) or ADMIN_PASSWORD_HASH',
          });
        } else if (!env.ADMIN_PASSWORD_HASH && env.ADMIN_PASSWORD) {
          checkStrength(ctx, 'ADMIN_PASSWORD', env.ADMIN_PASSWORD);
        }
        if (!env.JWT_SECRET || isWeak(env.JWT_SECRET, 32)) {
          ctx.addIssue({
            code: 'custom',
            path: ['JWT_SECRET'],
            message: 'production needs JWT_SECRET of at least 32 characters that is not a default',
          });
        } else {
          checkStrength(ctx, 'JWT_SECRET', env.JWT_SECRET);
        }
      }
      for (const [path, message] of unsafeInProduction(env)) {
        // Inquiries are taken over HTTP, and their notification with them: never on a worker.
        if (path === 'INQUIRY_NOTIFY_TO' && env.ROLE === 'worker') continue;
        ctx.addIssue({ code: 'custom', path: [path], message });
      }
    },
    {
      // Zod skips this once a variable failed; run it anyway, so every problem is reported at once.
      when: (payload) => typeof payload.value === 'object' && payload.value !== null,
    },
  );

/** DATABASE_SSL_CA without verify-full, and TLS asked for twice (DATABASE_SSL and DATABASE_URL's own parameters). */
function databaseTlsProblems(env: Partial<Record<keyof Env, unknown>>): [keyof Env, string][] {
  const problems: [keyof Env, string][] = [];
  if (env.DATABASE_SSL_CA !== undefined && env.DATABASE_SSL !== 'verify-full') {
    problems.push(['DATABASE_SSL_CA', 'is only used with DATABASE_SSL=verify-full']);
  }
  const database = urlOf(env.DATABASE_URL);
  const inUrl = database ? URL_TLS_PARAMETERS.filter((name) => database.searchParams.has(name)) : [];
  if (env.DATABASE_SSL !== undefined && inUrl.length) {
    problems.push([
      'DATABASE_SSL',
      `DATABASE_URL's ${inUrl.join(', ')} would replace it: keep DATABASE_SSL (and DATABASE_SSL_CA) or the URL's parameters`,
    ]);
  }
  return problems;
}

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
  const fromUrl = Boolean(database?.password) || typeof env.PGPASSWORD !== 'string';
  const password = database ? passwordOf(database) || (typeof env.PGPASSWORD === 'string' ? env.PGPASSWORD : '') : '';
  if (database && PUBLISHED_SECRETS.has(password)) {
    problems.push([
      fromUrl ? 'DATABASE_URL' : 'PGPASSWORD',
      'production needs a database password of its own (in DATABASE_URL or PGPASSWORD; empty or a published default)',
    ]);
  } else if (database) {
    const problem = tooWeak('PGPASSWORD', password);
    if (problem) problems.push([fromUrl ? 'DATABASE_URL' : 'PGPASSWORD', problem]);
  }
  for (const name of ['S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const) {
    const value = env[name];
    if (typeof value === 'string' && DEVELOPMENT_STORAGE_KEYS[name].has(value)) {
      problems.push([name, `production needs a storage key of its own in ${name}, not a published default`]);
    } else if (name === 'S3_SECRET_ACCESS_KEY' && typeof value === 'string') {
      const problem = tooWeak(name, value);
      if (problem) problems.push([name, problem]);
    }
  }
  const smtp = urlOf(env.SMTP_URL);
  if (smtp && EXAMPLE_HOST.test(smtp.hostname)) {
    problems.push(['SMTP_URL', "production needs SMTP_URL of a real mail server, not .env.example's"]);
  }
  for (const name of ['MAIL_FROM', 'INQUIRY_NOTIFY_TO'] as const) {
    const domain = mailDomain(env[name]);
    if (domain !== undefined && (LOOPBACK_HOST.test(domain) || EXAMPLE_HOST.test(domain))) {
      problems.push([name, `production needs ${name} at a domain that receives mail (it is at ${domain})`]);
    }
  }
  return problems;
}

/** Names reserved for examples (RFC 2606): nobody receives mail there. */
const EXAMPLE_HOST = /(^|\.)example(\.(com|net|org))?$/i;

/** The domain of `Name <user@domain>` or `user@domain`; undefined where there is none. */
function mailDomain(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const address = /<([^>]*)>\s*$/.exec(value)?.[1] ?? value;
  const at = address.lastIndexOf('@');
  return at < 0 ? undefined : address.slice(at + 1).trim();
}

/** Why `secret` is too weak for `name` in production, or undefined. */
function tooWeak(name: keyof typeof SECRET_MIN_BITS, secret: string): string | undefined {
  const bits = Math.floor(estimatedSecretBits(secret));
  const needed = SECRET_MIN_BITS[name];
  if (bits >= needed) return undefined;
  const what = name === 'PGPASSWORD' ? 'database password' : name;
  return `production needs a less guessable ${what}: about ${bits} bits by the length × log2(distinct characters) estimate, ${needed} needed (openssl rand -base64 32 makes one)`;
}

function checkStrength(ctx: z.RefinementCtx, name: 'ADMIN_PASSWORD' | 'JWT_SECRET', secret: string): void {
  const problem = tooWeak(name, secret);
  if (problem) ctx.addIssue({ code: 'custom', path: [name], message: problem });
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
  return secret.length < minLength || WEAK_SECRETS.has(secret.toLowerCase()) || PUBLISHED_SECRETS.has(secret);
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

/**
 * `source` with every NAME_FILE of SECRET_SETTINGS read into NAME (one final newline dropped, as
 * `echo` and editors write it), and the problems: a file that cannot be read, or NAME set beside it.
 */
export function readSecretFiles(source: NodeJS.ProcessEnv): { env: NodeJS.ProcessEnv; problems: string[] } {
  const env = { ...source };
  const problems: string[] = [];
  for (const name of SECRET_SETTINGS) {
    const path = source[`${name}_FILE`]?.trim();
    if (!path) continue;
    if (source[name]?.trim()) {
      problems.push(`${name}_FILE: ${name} is set too; keep one of the two`);
      continue;
    }
    try {
      env[name] = readFileSync(path, 'utf8').replace(/\r?\n$/, '');
    } catch (error) {
      problems.push(`${name}_FILE: cannot read ${path} (${(error as NodeJS.ErrnoException).code ?? String(error)})`);
    }
  }
  return { env, problems };
}

/** `source` parsed by `schema`, secrets from their files first; throws a ConfigError naming every bad variable. */
function parseSettings<T>(schema: z.ZodType<T>, source: NodeJS.ProcessEnv): T {
  const files = readSecretFiles(source);
  if (files.problems.length) throw new ConfigError(files.problems);
  const result = schema.safeParse(files.env);
  if (!result.success) {
    throw new ConfigError(result.error.issues.map((issue) => `${issue.path.join('.') || '(env)'}: ${issue.message}`));
  }
  return result.data;
}

/** Parses the environment once (secrets from their files first); throws a ConfigError naming every bad variable. */
export function parseConfig(source: NodeJS.ProcessEnv): ParsedConfig {
  // VITE_GA_ID, the name DESIGN gives the analytics id (from when the build carried it), means GA_ID.
  const env = parseSettings(envSchema, { ...source, GA_ID: source.GA_ID?.trim() || source.VITE_GA_ID });
  let generatedAdminPassword: string | undefined;
  if (!env.ADMIN_PASSWORD && !env.ADMIN_PASSWORD_HASH) {
    generatedAdminPassword = randomBytes(12).toString('base64url');
    env.ADMIN_PASSWORD = generatedAdminPassword;
  }
  // Development without a secret: tokens simply stop working after a restart.
  env.JWT_SECRET ??= randomBytes(32).toString('base64url');
  env.API_DOCS ??= env.NODE_ENV !== 'production';
  return { env, generatedAdminPassword };
}

/**
 * The backup service's settings (docker compose's `backup`, backend/src/backup): where its restic
 * repository is, when it runs and what it keeps, and what deploy/backup.sh reads to copy the
 * database and the bucket. Documented in .env.example's Backups section.
 */
export const backupEnvSchema = z
  .object({
    BACKUP_REPOSITORY: z.string().trim().min(1, 'must name a restic repository (a folder, or s3:https://…)'),
    BACKUP_WORK_DIR: z.string().trim().min(1),
    BACKUP_CERTIFICATES_DIR: optionalString,
    BACKUP_HOUR: z.coerce.number().int().min(0).max(23).default(3),
    BACKUP_KEEP_DAYS: z.coerce.number().int().min(1).max(3650).default(14),
    BACKUP_PASSWORD: optionalString,
    BACKUP_COPY_REPOSITORY: optionalString,
    BACKUP_COPY_ACCESS_KEY_ID: optionalString,
    BACKUP_COPY_SECRET_ACCESS_KEY: optionalString,
    DATABASE_URL: envSchema.shape.DATABASE_URL,
    PGPASSWORD: envSchema.shape.PGPASSWORD,
    S3_ENDPOINT: envSchema.shape.S3_ENDPOINT,
    S3_REGION: envSchema.shape.S3_REGION,
    S3_BUCKET: envSchema.shape.S3_BUCKET,
    S3_ACCESS_KEY_ID: envSchema.shape.S3_ACCESS_KEY_ID,
    S3_SECRET_ACCESS_KEY: envSchema.shape.S3_SECRET_ACCESS_KEY,
    S3_FORCE_PATH_STYLE: envSchema.shape.S3_FORCE_PATH_STYLE,
  })
  .superRefine((env, ctx) => {
    if (env.BACKUP_PASSWORD) {
      const problem = tooWeak('BACKUP_PASSWORD', env.BACKUP_PASSWORD);
      if (problem) ctx.addIssue({ code: 'custom', path: ['BACKUP_PASSWORD'], message: problem });
    }
  });

export type BackupEnv = z.infer<typeof backupEnvSchema>;

/** The backup service's settings, secrets from their files first; throws a ConfigError naming every bad one. */
export function parseBackupConfig(source: NodeJS.ProcessEnv): BackupEnv {
  return parseSettings(backupEnvSchema, source);
}

/**
 * What the migrate entry (`node backend/dist/database/migrate.js`, Kubernetes' migration Job) reads:
 * the database settings alone, so that it needs no admin, mail or storage secret.
 */
export const databaseEnvSchema = z
  .object({
    DATABASE_URL: envSchema.shape.DATABASE_URL,
    DATABASE_POOL_SIZE: envSchema.shape.DATABASE_POOL_SIZE,
    DATABASE_STATEMENT_TIMEOUT_SECONDS: envSchema.shape.DATABASE_STATEMENT_TIMEOUT_SECONDS,
    DATABASE_SSL: envSchema.shape.DATABASE_SSL,
    DATABASE_SSL_CA: envSchema.shape.DATABASE_SSL_CA,
    PGPASSWORD: envSchema.shape.PGPASSWORD,
    JOBS_SCHEMA: envSchema.shape.JOBS_SCHEMA,
  })
  .superRefine((env, ctx) => {
    for (const [path, message] of databaseTlsProblems(env)) ctx.addIssue({ code: 'custom', path: [path], message });
  });

export type DatabaseEnv = z.infer<typeof databaseEnvSchema>;

/** The database settings alone, secrets from their files first; throws a ConfigError naming every bad one. */
export function parseDatabaseConfig(source: NodeJS.ProcessEnv): DatabaseEnv {
  return parseSettings(databaseEnvSchema, source);
}
