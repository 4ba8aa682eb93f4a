import { QueryFailedError } from 'typeorm';

/** True for PostgreSQL's unique_violation (23505), optionally on one named constraint. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  if (!(error instanceof QueryFailedError)) return false;
  const driverError = error.driverError as { code?: string; constraint?: string };
  return driverError.code === '23505' && (constraint === undefined || driverError.constraint === constraint);
}

/**
 * True when PostgreSQL refused text it cannot store: a NUL character (22021) or one the database
 * encoding lacks (22P05). Such input is the client's fault, never a server error.
 */
export function isUnstorableText(error: unknown): boolean {
  if (!(error instanceof QueryFailedError)) return false;
  const { code } = error.driverError as { code?: string };
  return code === '22021' || code === '22P05';
}

/** TypeORM's query() answers an UPDATE/DELETE with [rows, affected count]. */
function isRowsAndCount(result: unknown): result is [unknown[], number] {
  return Array.isArray(result) && result.length === 2 && Array.isArray(result[0]) && typeof result[1] === 'number';
}

/** The rows of an UPDATE/DELETE ... RETURNING run through query(). */
export function returnedRows<T>(result: unknown): T[] {
  return (isRowsAndCount(result) ? result[0] : result) as T[];
}

/** How many rows an UPDATE/DELETE run through query() changed. */
export function affectedRows(result: unknown): number {
  return isRowsAndCount(result) ? result[1] : 0;
}
