import { randomUUID } from 'node:crypto';
import { ERRORS, type Lock, type Locker, type RequestRelease } from '@tus/server';
import type { DataSource } from 'typeorm';

export interface LeaseTimes {
  /** How long a lock lasts unless its holder renews it, and how often the holder does. */
  leaseSeconds: number;
  renewMs: number;
  /** How often a request waiting for the lock asks again. */
  pollMs: number;
  /** How long a request waits for the lock before it answers 423 and the client tries again. */
  acquireTimeoutMs: number;
}

const LEASE_TIMES: LeaseTimes = { leaseSeconds: 15, renewMs: 2_000, pollMs: 200, acquireTimeoutMs: 30_000 };

/**
 * The tus server's lock on an upload across every replica, in PostgreSQL (@tus/server ships only an
 * in-process lock). While a request writes to an upload its replica holds a lease on the upload's
 * row and renews it; a newer request for the same upload (the client reconnected, perhaps through
 * another replica, while the old request still hangs on a dead connection) asks the holder to let
 * go, as tus recommends, and takes the lock once it has — or once a holder that died stops
 * renewing. No connection is held while the lock is.
 */
export class PostgresLocker implements Locker {
  constructor(
    private readonly db: DataSource,
    private readonly times: LeaseTimes = LEASE_TIMES,
  ) {}

  /**
   * `kept`: a lock for work that must run once and to its end (finishing an upload). Asked to let
   * go, its holder goes on renewing until it unlocks; only a holder that died loses it.
   */
  newLock(id: string, { kept = false } = {}): Lock {
    return new PostgresLock(this.db, id, this.times, kept);
  }
}

class PostgresLock implements Lock {
  private readonly holder = randomUUID();
  private renewal?: NodeJS.Timeout;

  constructor(
    private readonly db: DataSource,
    private readonly uploadId: string,
    private readonly times: LeaseTimes,
    private readonly kept: boolean,
  ) {}

  async lock(stopSignal: AbortSignal, requestRelease: RequestRelease): Promise<void> {
    const deadline = Date.now() + this.times.acquireTimeoutMs;
    while (!(await this.take())) {
      await this.db.query('UPDATE upload_locks SET release_requested = true WHERE upload_id = $1', [this.uploadId]);
      // tus answers its own error objects (its in-process lock throws the same).
      // eslint-disable-next-line @typescript-eslint/only-throw-error
      if (stopSignal.aborted || Date.now() > deadline) throw ERRORS.ERR_LOCK_TIMEOUT;
      await new Promise((done) => setTimeout(done, this.times.pollMs));
    }
    // Never what keeps a stopping process alive: its lease simply runs out.
    this.renewal = setInterval(() => void this.renew(requestRelease), this.times.renewMs).unref();
  }

  async unlock(): Promise<void> {
    clearInterval(this.renewal);
    await this.db.query('DELETE FROM upload_locks WHERE upload_id = $1 AND holder = $2', [this.uploadId, this.holder]);
  }

  /** The lock if nobody holds it or its holder's lease ran out. */
  private async take(): Promise<boolean> {
    const taken: unknown[] = await this.db.query(
      `INSERT INTO upload_locks (upload_id, holder, expires_at)
       VALUES ($1, $2, now() + make_interval(secs => $3))
       ON CONFLICT (upload_id) DO UPDATE
         SET holder = excluded.holder, expires_at = excluded.expires_at, release_requested = false
         WHERE upload_locks.expires_at < now()
       RETURNING holder`,
      [this.uploadId, this.holder, this.times.leaseSeconds],
    );
    return taken.length === 1;
  }

  /** Extends the lease; lets go when the lease was lost, or another request asked for it unless kept. */
  private async renew(requestRelease: RequestRelease): Promise<void> {
    try {
      // In a WITH: TypeORM answers an UPDATE with a count beside its rows, a SELECT with its rows.
      const rows: { release_requested: boolean }[] = await this.db.query(
        `WITH renewed AS (
           UPDATE upload_locks SET expires_at = now() + make_interval(secs => $3)
           WHERE upload_id = $1 AND holder = $2 RETURNING release_requested
         ) SELECT release_requested FROM renewed`,
        [this.uploadId, this.holder, this.times.leaseSeconds],
      );
      if (rows.length === 0 || (rows[0].release_requested && !this.kept)) {
        clearInterval(this.renewal);
        await requestRelease();
      }
    } catch {
      // The database is out for a moment: the lease runs on, and the next renewal tries again.
    }
  }
}
