import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { Clock } from '../common/clock';
import { errorMessage } from '../common/error-message';
import { JobRunner } from '../jobs/job-runner';
import { SubscriberRepository } from './subscriber.repository';

export interface UnconfirmedReport {
  /** Addresses that never confirmed within NEWSLETTER_CONFIRM_HOURS: deleted. */
  deleted: number;
  /** Unsubscribed addresses asked back but not confirmed: their link is void, they stay unsubscribed. */
  lapsed: number;
}

/**
 * Forgets subscriptions nobody confirmed in time. Each step is one statement that only ever
 * removes what has expired, so replicas running it at once, or a run cut short, leave the same.
 * Every 10 minutes, once across the replicas that run jobs.
 */
@Injectable()
export class PurgeUnconfirmedJob implements OnModuleInit {
  private readonly logger = new Logger('Newsletter');

  constructor(
    private readonly subscribers: SubscriberRepository,
    private readonly clock: Clock,
    private readonly jobs: JobRunner,
  ) {}

  onModuleInit(): void {
    this.jobs.define({
      name: 'purge-unconfirmed-subscribers',
      schedule: '*/10 * * * *',
      once: true,
      deadlineSeconds: 300,
      retries: 0,
      retryDelaySeconds: 60,
      handler: () => this.scheduled(),
    });
  }

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
    const deleted = await this.subscribers.deleteUnconfirmed(now);
    const lapsed = await this.subscribers.voidExpiredConfirmations(now);
    return { deleted, lapsed };
  }
}
