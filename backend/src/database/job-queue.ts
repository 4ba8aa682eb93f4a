import { type ConstructorOptions, PgBoss } from 'pg-boss';
import type { DatabaseEnv } from '../config/config.schema';
import type { PoolConfig } from 'pg';
import { clientQueryTimeoutMs, CONNECTION_SAFEGUARDS, postgresConnection } from './data-source';

/** Connections of the job queue's own pool: fetches, completions, the schedule and maintenance. */
const POOL_SIZE = 4;
/**
 * How often a working process looks for jobs whose process died (their heartbeat or deadline
 * passed) and hands them back: pg-boss's 60 s would leave a crashed newsletter waiting a minute.
 */
const SUPERVISE_SECONDS = 10;

/**
 * pg-boss on the app's database, in JOBS_SCHEMA, with the app's deadline on every statement.
 * `works`: this process runs jobs, so it also keeps the queues (expiry, retention) and the
 * schedules; a ROLE=web process only sends. `migrate`: installs or upgrades the queue's schema
 * (pg-boss's own versioned migrations, under its advisory lock).
 */
export function jobQueueOptions(
  env: Pick<
    DatabaseEnv,
    | 'DATABASE_URL'
    | 'PGPASSWORD'
    | 'DATABASE_SSL'
    | 'DATABASE_SSL_CA'
    | 'DATABASE_STATEMENT_TIMEOUT_SECONDS'
    | 'JOBS_SCHEMA'
  >,
  { works, migrate }: { works: boolean; migrate: boolean },
): ConstructorOptions {
  const { connectionString, ssl } = postgresConnection(env);
  // Handed on to pg's pool (pg-boss's options do not name them): the app pool's safeguards and deadline.
  const pool: Pick<PoolConfig, 'keepAlive' | 'connectionTimeoutMillis' | 'query_timeout'> = {
    ...CONNECTION_SAFEGUARDS,
    query_timeout: clientQueryTimeoutMs(env),
  };
  return {
    ...pool,
    connectionString,
    ...(ssl === undefined ? {} : { ssl }),
    schema: env.JOBS_SCHEMA,
    application_name: 'giftcast-jobs',
    max: POOL_SIZE,
    options: `-c statement_timeout=${env.DATABASE_STATEMENT_TIMEOUT_SECONDS * 1000}`,
    migrate,
    supervise: works,
    superviseIntervalSeconds: SUPERVISE_SECONDS,
    monitorIntervalSeconds: SUPERVISE_SECONDS,
    schedule: works,
  };
}

/**
 * Installs or upgrades the job queue's schema and returns: the migrate entry does it before the
 * app's migrations, so that processes with MIGRATIONS=check find it ready.
 */
export async function installJobQueue(env: Parameters<typeof jobQueueOptions>[0]): Promise<void> {
  const boss = new PgBoss(jobQueueOptions(env, { works: false, migrate: true }));
  boss.on('error', () => undefined); // start() rejects with the same error
  await boss.start();
  await boss.stop({ graceful: false, close: true });
}
