import { Injectable, Logger } from '@nestjs/common';
import { Cron, CronExpression } from '@nestjs/schedule';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { Clock } from '../common/clock';
import { errorMessage } from '../common/error-message';
import { affectedRows } from '../database/postgres-errors';

export interface UnconfirmedReport {
  /** Addresses that never confirmed within NEWSLETTER_CONFIRM_HOURS: deleted. */
  deleted: number;
  /** Unsubscribed addresses asked back but not confirmed: their link is void, they stay unsubscribed. */
  lapsed: number;
}

/**
 * Forgets subscriptions nobody confirmed in time. Each step is one statement that only ever
 * removes what has expired, so replicas running it at once, or a run cut short, leave the same.
 */
@Injectable()
export class PurgeUnconfirmedJob {
  private readonly logger = new Logger('Newsletter');

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly clock: Clock,
  ) {}

  @Cron(CronExpression.EVERY_10_MINUTES, { name: 'purge-unconfirmed-subscribers' })
  async scheduled(): Promise<void> {
    try {
      const report = await this.run();
      if (report.deleted > 0 || report.lapsed > 0)
        this.logger.log(`unconfirmed subscriptions: ${JSON.stringify(report)}`);
    } catch (error) {
      this.logger.error(`unconfirmed subscriptions not swept (the next run tries again): ${errorMessage(error)}`);
    }
  }

  async run(now: Date = this.clock.now()): Promise<UnconfirmedReport> {
    const deleted = affectedRows(
      await this.db.query(`DELETE FROM blog_subscribers WHERE status = 'pending' AND confirm_expires_at <= $1`, [now]),
    );
    const lapsed = affectedRows(
      await this.db.query(
        `UPDATE blog_subscribers SET confirm_token_hash = NULL, confirm_expires_at = NULL
          WHERE status <> 'pending' AND confirm_expires_at <= $1`,
        [now],
      ),
    );
    return { deleted, lapsed };
  }
}
