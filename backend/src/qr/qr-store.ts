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
  /** Unused codes of the `try` pool, by serial ascending, at most `limit`. */
  abstract listAvailable(limit: number): Promise<QrCode[]>;
  abstract findByToken(qrToken: string): Promise<QrCode | null>;
  abstract findById(id: string): Promise<QrCode | null>;
  abstract page(query: QrPageQuery): Promise<QrPage>;
  /** Codes per status, of one pool or of all. */
  abstract countByStatus(pool?: QrPool): Promise<Record<QrStatus, number>>;
  /** Creates `count` codes of `pool` with the serials after the highest ever used, each with a new token. */
  abstract createNext(count: number, pool: QrPool, startAt?: number): Promise<QrCode[]>;
  /** Sets the status only if the current one is in `from`; null when it was not (or no such code). */
  abstract changeStatus(id: string, to: QrStatus, from: readonly QrStatus[]): Promise<QrCode | null>;
  /** changeStatus for many codes at once (one notification); returns how many changed. */
  abstract changeStatuses(ids: string[], to: QrStatus, from: readonly QrStatus[]): Promise<number>;
  /** Calls `listener` after every change, wherever it was made; returns an unsubscribe function. */
  abstract onChange(listener: () => void): () => void;
}
