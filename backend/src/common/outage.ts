import { QueryFailedError } from 'typeorm';

/** Socket errors that mean the other end is down, restarting or unreachable. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'UND_ERR_SOCKET',
]);

/** What node-postgres says when its connection goes away under it. */
const LOST_CONNECTION =
  /Connection terminated|connection error and is not queryable|timeout exceeded when trying to connect|Client was closed/i;

interface ErrorFields {
  code?: unknown;
  details?: unknown;
  name?: unknown;
  message?: unknown;
  cause?: unknown;
  driverError?: unknown;
  $metadata?: { httpStatusCode?: number };
}

function fields(error: unknown): ErrorFields {
  return typeof error === 'object' && error !== null ? error : {};
}

function isNetworkError(error: unknown, depth = 0): boolean {
  const { code, cause, name } = fields(error);
  if (typeof code === 'string' && NETWORK_CODES.has(code)) return true;
  if (name === 'TimeoutError' || name === 'AbortError') return false;
  return depth < 3 && cause !== undefined && isNetworkError(cause, depth + 1);
}

/**
 * True when PostgreSQL could not be reached or dropped the connection: a connection exception
 * (SQLSTATE class 08), a server shutting down or not yet accepting (57P01-57P03), too many
 * connections (53300), or the socket failing. Not the client's fault: the answer is 503.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  const target: unknown = error instanceof QueryFailedError ? error.driverError : error;
  const { code, message } = fields(target);
  if (typeof code === 'string' && (code.startsWith('08') || /^57P0[123]$/.test(code) || code === '53300')) return true;
  if (typeof message === 'string' && LOST_CONNECTION.test(message)) return true;
  return !('$metadata' in fields(error)) && isNetworkError(target);
}

/**
 * True when the object store could not be reached or answered with a server error (the SDK has
 * already retried by then).
 */
export function isStorageUnavailable(error: unknown): boolean {
  const { $metadata, name } = fields(error);
  if ($metadata === undefined) return false;
  if (($metadata.httpStatusCode ?? 0) >= 500) return true;
  return name === 'TimeoutError' || isNetworkError(error);
}

/**
 * True for an error of the object store's client about the store itself: what the store answered
 * or its connection failing (the SDK marks both with `$metadata`); not a request the caller
 * aborted, nor a body stream the caller gave up.
 */
export function isStorageError(error: unknown): boolean {
  const { $metadata, name } = fields(error);
  return name !== 'AbortError' && ($metadata !== undefined || isNetworkError(error));
}

/**
 * gRPC's status codes for a service that is away or over its capacity: UNAVAILABLE (14, not
 * reachable), DEADLINE_EXCEEDED (4, no answer in time) and RESOURCE_EXHAUSTED (8, its quota or
 * capacity spent, as PostgreSQL's too many connections). Not a fault of the request's or ours.
 */
const GRPC_OUTAGE_CODES = new Set([14, 4, 8]);

/**
 * True when Firestore (QR_STORE=firestore) could not be reached, did not answer in time or is over
 * its quota; its client has already retried by then. Its errors are gRPC's: a numeric status code
 * with the service's `details`.
 */
export function isFirestoreUnavailable(error: unknown): boolean {
  const { code, details } = fields(error);
  return typeof code === 'number' && GRPC_OUTAGE_CODES.has(code) && typeof details === 'string';
}

/**
 * Runs `work` until it succeeds, waiting out an outage of the database or the object store in
 * between (1 s, then twice as long each time, up to 10 s); any other error, and `signal` being
 * aborted (shutdown), end it. For a result already known that must not be lost, such as a mail
 * sent, whose record would otherwise make a later run do it again.
 */
export async function throughOutage<T>(work: () => Promise<T>, signal?: AbortSignal): Promise<T> {
  for (let delayMs = 1000; ; delayMs = Math.min(delayMs * 2, 10_000)) {
    try {
      return await work();
    } catch (error) {
      if (signal?.aborted || !(isDatabaseUnavailable(error) || isStorageUnavailable(error))) throw error;
      await new Promise((resolve) => setTimeout(resolve, delayMs).unref());
    }
  }
}
