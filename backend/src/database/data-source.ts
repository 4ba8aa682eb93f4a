import { setTimeout as sleep } from 'node:timers/promises';
import { Client } from 'pg';
import { DataSource, type DataSourceOptions, MigrationExecutor } from 'typeorm';
import { BlogPost } from '../blog/blog-post.entity';
import type { DatabaseEnv } from '../config/config.schema';
import { ContactSubmission } from '../contact/contact-submission.entity';
import { BlogSubscriber } from '../newsletter/blog-subscriber.entity';
import { NewsletterCampaign } from '../newsletter/newsletter-campaign.entity';
import { NewsletterSend } from '../newsletter/newsletter-send.entity';
import { QrCodeEntity } from '../qr/qr-code.entity';
import { Testimonial } from '../testimonial/testimonial.entity';
import { VideoMessage } from '../video/video-message.entity';
import { CreateContentTables1795320159101 } from './migrations/1795320159101-CreateContentTables';
import { CreateVideoMessages1795323039495 } from './migrations/1795323039495-CreateVideoMessages';
import { CreateQrCodes1795320687323 } from './migrations/1795320687323-CreateQrCodes';
import { CreateNewsletterSends1795333169181 } from './migrations/1795333169181-CreateNewsletterSends';
import { AddQrCodePools1795642959316 } from './migrations/1795642959316-AddQrCodePools';
import { AddVideoMessageFailures1795643615000 } from './migrations/1795643615000-AddVideoMessageFailures';
import { CreateRevokedAdminTokens1795708092450 } from './migrations/1795708092450-CreateRevokedAdminTokens';
import { AddVideoFailureReasons1795708684820 } from './migrations/1795708684820-AddVideoFailureReasons';
import { AddSubscriberConfirmation1795731200000 } from './migrations/1795731200000-AddSubscriberConfirmation';
import { AddQrCodeTakenAt1795800000000 } from './migrations/1795800000000-AddQrCodeTakenAt';
import { CreateRateLimits1795805000000 } from './migrations/1795805000000-CreateRateLimits';
import { AddResumableUploads1795810000000 } from './migrations/1795810000000-AddResumableUploads';
import { CreateUploadLocks1795815000000 } from './migrations/1795815000000-CreateUploadLocks';
import { DropNewsletterLeases1795820000000 } from './migrations/1795820000000-DropNewsletterLeases';
import { AddUploadLength1795825000000 } from './migrations/1795825000000-AddUploadLength';

export const ENTITIES = [
  ContactSubmission,
  Testimonial,
  BlogPost,
  BlogSubscriber,
  QrCodeEntity,
  VideoMessage,
  NewsletterCampaign,
  NewsletterSend,
];
export const MIGRATIONS = [
  CreateContentTables1795320159101,
  CreateQrCodes1795320687323,
  CreateVideoMessages1795323039495,
  CreateNewsletterSends1795333169181,
  AddQrCodePools1795642959316,
  AddVideoMessageFailures1795643615000,
  CreateRevokedAdminTokens1795708092450,
  AddVideoFailureReasons1795708684820,
  AddSubscriberConfirmation1795731200000,
  AddQrCodeTakenAt1795800000000,
  CreateRateLimits1795805000000,
  AddResumableUploads1795810000000,
  CreateUploadLocks1795815000000,
  DropNewsletterLeases1795820000000,
  AddUploadLength1795825000000,
];

/** Any number: it only has to be the same for every replica of this application. */
const MIGRATION_LOCK_ID = 0x6769_6674;

/**
 * DATABASE_URL with PGPASSWORD in it where it names none (docker compose), encoded here so that any
 * character works: the driver would read PGPASSWORD from the environment itself, but not one read
 * from PGPASSWORD_FILE.
 */
function withPassword(databaseUrl: string, password: string | undefined): string {
  if (!password || !URL.canParse(databaseUrl)) return databaseUrl;
  const url = new URL(databaseUrl);
  if (url.password || !url.username) return databaseUrl;
  url.password = encodeURIComponent(password);
  return url.toString();
}

/** A connection that cannot be opened within this long fails (the server is away or overloaded). */
const CONNECT_TIMEOUT_MS = 10_000;
/** How much longer than the server's own statement timeout the client waits for an answer at all. */
const CLIENT_QUERY_MARGIN_MS = 5000;

/**
 * Every connection's own safeguards, the pools' and the /try list's listener's alike: opening it
 * has a deadline, and TCP keep-alive notices one that a network dropped without a word.
 */
export const CONNECTION_SAFEGUARDS = { keepAlive: true, connectionTimeoutMillis: CONNECT_TIMEOUT_MS } as const;

const READ_TIMEOUT_MESSAGE = 'Query read timeout';

/**
 * node-postgres gives up on a query at `query_timeout` but keeps its connection, the query still
 * running on it, so every later query there waits behind it; and TypeORM hands the connection back
 * to its pool as sound. On a network that dropped it without a word, the pool would reuse it until
 * TCP gave up (a quarter of an hour). This client ends its connection as soon as a query times out
 * (node-postgres's `end()` cuts the socket when a query is still running), before its user hands
 * it back: the pool drops a client that is ending and opens a new one for the next query.
 */
export class ClientEndingOnReadTimeout extends Client {
  // Client.query's overloads (promise or callback, text or config) as one signature.
  override query(...args: unknown[]): never {
    const last = args.at(-1);
    if (typeof last === 'function') {
      args[args.length - 1] = (error: Error | null, ...rest: unknown[]) => {
        this.endAfterReadTimeout(error);
        return (last as (...given: unknown[]) => unknown)(error, ...rest);
      };
    }
    const result = (super.query as (...given: unknown[]) => unknown)(...args);
    // Handled here first, so the connection is ending before the caller's own handler runs.
    if (result instanceof Promise) result.catch((error: Error) => this.endAfterReadTimeout(error));
    return result as never;
  }

  private endAfterReadTimeout(error: Error | null): void {
    if (error?.message === READ_TIMEOUT_MESSAGE) void this.end().catch(() => undefined);
  }
}

/** The client's deadline on a statement: a little after the server's own, which a stalled network never delivers. */
export function clientQueryTimeoutMs(env: Pick<DatabaseEnv, 'DATABASE_STATEMENT_TIMEOUT_SECONDS'>): number {
  return env.DATABASE_STATEMENT_TIMEOUT_SECONDS * 1000 + CLIENT_QUERY_MARGIN_MS;
}

/** How node-postgres reaches the database: DATABASE_SSL's TLS, or (unset) whatever DATABASE_URL says. */
export interface PostgresConnection {
  connectionString: string;
  ssl?: false | { rejectUnauthorized: boolean; ca?: string };
}

/**
 * DATABASE_SSL as node-postgres takes it: `require` encrypts without checking the server (libpq's
 * sslmode=require), `verify-full` checks its certificate against DATABASE_SSL_CA (or Node's public
 * CAs) and its name against the host connected to (Node's checkServerIdentity).
 */
function tlsOptions(env: Pick<DatabaseEnv, 'DATABASE_SSL' | 'DATABASE_SSL_CA'>): PostgresConnection['ssl'] {
  switch (env.DATABASE_SSL) {
    case undefined:
      return undefined;
    case 'disable':
      return false;
    case 'require':
      return { rejectUnauthorized: false };
    case 'verify-full':
      return { rejectUnauthorized: true, ...(env.DATABASE_SSL_CA ? { ca: env.DATABASE_SSL_CA } : {}) };
  }
}

/** Every connection of the backend's, the pool's and the /try list's listener alike. */
export function postgresConnection(
  env: Pick<DatabaseEnv, 'DATABASE_URL' | 'PGPASSWORD' | 'DATABASE_SSL' | 'DATABASE_SSL_CA'>,
): PostgresConnection {
  const ssl = tlsOptions(env);
  return { connectionString: withPassword(env.DATABASE_URL, env.PGPASSWORD), ...(ssl === undefined ? {} : { ssl }) };
}

/**
 * Every query has a deadline: PostgreSQL cancels a statement after DATABASE_STATEMENT_TIMEOUT_SECONDS
 * (the longest legitimate ones, the purge's batches and a newsletter's send records, take
 * seconds), and the client gives up a few seconds later should the server not answer at all (a
 * stalled network never delivers the cancellation). Migrations may take longer and wait for each
 * other's lock, so they run without either.
 */
export function dataSourceOptions(
  env: Pick<
    DatabaseEnv,
    | 'DATABASE_URL'
    | 'DATABASE_POOL_SIZE'
    | 'PGPASSWORD'
    | 'DATABASE_SSL'
    | 'DATABASE_SSL_CA'
    | 'DATABASE_STATEMENT_TIMEOUT_SECONDS'
  >,
  { migrating = false } = {},
): DataSourceOptions {
  const { connectionString, ssl } = postgresConnection(env);
  const statementMs = env.DATABASE_STATEMENT_TIMEOUT_SECONDS * 1000;
  const deadlines = migrating ? {} : { statement_timeout: statementMs, query_timeout: clientQueryTimeoutMs(env) };
  return {
    type: 'postgres',
    url: connectionString,
    ...(ssl === undefined ? {} : { ssl }),
    entities: ENTITIES,
    migrations: MIGRATIONS,
    migrationsTableName: 'migrations',
    synchronize: false,
    // gen_random_uuid() is built into PostgreSQL 13+: no extension to install.
    installExtensions: false,
    uuidExtension: 'pgcrypto',
    poolSize: env.DATABASE_POOL_SIZE,
    extra: { max: env.DATABASE_POOL_SIZE, Client: ClientEndingOnReadTimeout, ...CONNECTION_SAFEGUARDS, ...deadlines },
  };
}

/**
 * Applies pending migrations. Replicas starting together serialise on an advisory lock held by a
 * connection of its own.
 */
export async function runMigrations(env: DatabaseEnv): Promise<string[]> {
  const dataSource = new DataSource(dataSourceOptions(env, { migrating: true }));
  await dataSource.initialize();
  const lock = dataSource.createQueryRunner();
  try {
    if (lock) {
      await lock.connect();
      await lock.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    }
    const applied = await dataSource.runMigrations({ transaction: 'each' });
    return applied.map((migration) => migration.name);
  } finally {
    if (lock) {
      await lock.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => undefined);
      await lock.release();
    }
    await dataSource.destroy();
  }
}

/** How often MIGRATIONS=check looks again while migrations are missing. */
export const MIGRATIONS_CHECK_INTERVAL_MS = 5000;

/**
 * MIGRATIONS=check: returns once the database has every migration this build knows, applied by
 * another process (the migrate entry, Kubernetes' Job), reading again every interval and reporting
 * what it waits for each time that changes. Applies nothing. A database with migrations this build
 * does not know (a newer release's, after a rollback) has every one it knows.
 */
export async function waitForMigrations(
  env: DatabaseEnv,
  report: (missing: string[]) => void,
  intervalMs = MIGRATIONS_CHECK_INTERVAL_MS,
): Promise<void> {
  const dataSource = new DataSource(dataSourceOptions(env));
  await dataSource.initialize();
  try {
    let reported = '';
    for (;;) {
      const missing = (await new MigrationExecutor(dataSource).getPendingMigrations()).map(({ name }) => name);
      if (missing.length === 0) return;
      if (missing.join() !== reported) report(missing);
      reported = missing.join();
      await sleep(intervalMs);
    }
  } finally {
    await dataSource.destroy();
  }
}
