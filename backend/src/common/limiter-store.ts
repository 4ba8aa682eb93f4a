import {
  type IRateLimiterOptions,
  type RateLimiterAbstract,
  RateLimiterMemory,
  RateLimiterPostgres,
  RLWrapperTimeouts,
} from 'rate-limiter-flexible';
import type { DataSource } from 'typeorm';

/**
 * Where a limiter keeps its counts: a rate-limiter-flexible limiter for the options given. Every
 * limiter of the library takes the same options, whatever its store.
 */
export type LimiterStore = (options: IRateLimiterOptions) => RateLimiterAbstract;

/** In this process's memory: per replica, forgotten on restart (unit tests). */
export const inProcessMemory: LimiterStore = (options) => new RateLimiterMemory(options);

/** The table of the counts, made by a migration (CreateRateLimits). */
export const RATE_LIMITS_TABLE = 'rate_limits';

/**
 * How long one call of a limiter waits for the database before it fails: a count that cannot be
 * had soon is treated as the database being away (the statement's own deadline is far longer).
 */
export const LIMITER_TIMEOUT_MS = 2000;

/**
 * In PostgreSQL, through the application's connection pool: one count for every replica, kept
 * across restarts. Each call fails after `timeoutMs`; its caller decides whether that lets the
 * request through.
 */
export function postgresStore(dataSource: DataSource, timeoutMs = LIMITER_TIMEOUT_MS): LimiterStore {
  return (options) =>
    new RLWrapperTimeouts({
      limiter: new RateLimiterPostgres({
        ...options,
        storeClient: dataSource,
        storeType: 'typeorm',
        tableName: RATE_LIMITS_TABLE,
        tableCreated: true,
      }),
      timeoutMs,
    });
}
