import type { EntityManager } from 'typeorm';
import type { QrCode, QrPool, QrStatus } from './qr-code';

export interface QrPageQuery {
  status?: QrStatus;
  pool?: QrPool;
  /** Matches serial numbers containing these digits. */
  serial?: string;
  page: number;
  pageSize: number;
}

export interface QrPage {
  items: QrCode[];
  total: number;
}

/**
 * Where QR codes live: PostgreSQL (default) or an existing Firestore collection. Both drivers pass
 * one shared test suite. `onChange` hears changes made through any replica.
 */
export abstract class QrStore {
  /**
   * True when the codes live in the app's PostgreSQL database, so that a status change can be part
   * of a transaction there (`within`). Otherwise a change commits at once, and what a crash leaves
   * between it and the database is put right by the purge's repair sweep.
   */
  abstract readonly joinsTransactions: boolean;

  /** Unused codes of the `try` pool that nobody has taken, by serial ascending, at most `limit`. */
  abstract listAvailable(limit: number): Promise<QrCode[]>;
  abstract findByToken(qrToken: string): Promise<QrCode | null>;
  abstract findById(id: string): Promise<QrCode | null>;
  abstract page(query: QrPageQuery): Promise<QrPage>;
  /** Codes per status, of one pool or of all. */
  abstract countByStatus(pool?: QrPool): Promise<Record<QrStatus, number>>;
  /** Creates `count` codes of `pool` with the serials after the highest ever used, each with a new token. */
  abstract createNext(count: number, pool: QrPool, startAt?: number): Promise<QrCode[]>;
  /**
   * Sets the status only if the current one is in `from`; null when it was not (or no such code).
   * `within`: a transaction of the app's database to make the change in, where joinsTransactions.
   */
  abstract changeStatus(
    id: string,
    to: QrStatus,
    from: readonly QrStatus[],
    within?: EntityManager,
  ): Promise<QrCode | null>;
  /**
   * Takes an unused, untaken try code: gives it `newToken` in place of `qrToken` and marks it taken,
   * in one atomic change (of simultaneous takes exactly one wins); null when there was no such code.
   */
  abstract take(qrToken: string, newToken: string): Promise<QrCode | null>;
  /**
   * changeStatus for many codes at once (one notification); returns how many changed. Once `signal`
   * aborts no code changes any more (a store that changes them one by one stops between two).
   */
  abstract changeStatuses(
    ids: string[],
    to: QrStatus,
    from: readonly QrStatus[],
    signal?: AbortSignal,
  ): Promise<number>;
  /** Calls `listener` after every change, wherever it was made; returns an unsubscribe function. */
  abstract onChange(listener: () => void): () => void;
}
