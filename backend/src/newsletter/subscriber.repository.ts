import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { affectedRows } from '../database/postgres-errors';

/** The newsletter's subscriptions in PostgreSQL, for what works on many at once. */
@Injectable()
export class SubscriberRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** Deletes the addresses never confirmed whose link expired by `now`; returns how many. */
  async deleteUnconfirmed(now: Date): Promise<number> {
    return affectedRows(
      await this.db.query(`DELETE FROM blog_subscribers WHERE status = 'pending' AND confirm_expires_at <= $1`, [now]),
    );
  }

  /** Voids the expired links of addresses asked back (they stay as they were); returns how many. */
  async voidExpiredConfirmations(now: Date): Promise<number> {
    return affectedRows(
      await this.db.query(
        `UPDATE blog_subscribers SET confirm_token_hash = NULL, confirm_expires_at = NULL
          WHERE status <> 'pending' AND confirm_expires_at <= $1`,
        [now],
      ),
    );
  }
}
