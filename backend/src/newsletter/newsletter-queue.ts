import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { errorMessage } from '../common/error-message';
import { AppConfig } from '../config/app-config';
import { type JobQueue, JobRunner } from '../jobs/job-runner';

const QUEUE = 'send-newsletter';
/** A run longer than this stops and queues the rest of its campaign as a new job. */
export const RUN_SECONDS = 3600;
/** pg-boss's smallest heartbeat. */
const MIN_HEARTBEAT_SECONDS = 10;

/** What a newsletter job carries: the campaign whose pending mails it sends. */
export interface CampaignJobData {
  campaignId: string;
}

/**
 * The newsletter's queue on the job runner, one job per campaign, declared in every role so that a
 * ROLE=web replica queues a publication's newsletter too, and run where jobs run (SendNewsletterJob).
 * The campaign's id is the job's singleton key: one run waits and one runs per campaign across the
 * replicas, and its heartbeat is the lease (a crashed process's campaign is taken back and tried again).
 */
@Injectable()
export class NewsletterQueue implements OnModuleInit {
  private readonly logger = new Logger('Newsletter');

  constructor(
    private readonly jobs: JobRunner,
    private readonly config: AppConfig,
  ) {}

  /** A run stops after RUN_SECONDS and queues the rest; the deadline leaves it time to end. */
  get rules(): JobQueue {
    const env = this.config.env;
    return {
      name: QUEUE,
      once: true,
      deadlineSeconds: RUN_SECONDS + 60,
      heartbeatSeconds: Math.max(MIN_HEARTBEAT_SECONDS, env.NEWSLETTER_LEASE_SECONDS),
      // A run that failed (the database away) or whose process died is tried again soon, then less often.
      retries: 10,
      retryDelaySeconds: env.NEWSLETTER_POLL_SECONDS,
      // Draining, a run takes no new mail and queues the rest for another replica. The runner stops
      // it before, not on, application shutdown: the mails in flight still need the SMTP pool
      // (closed by MailService on shutdown) and the database to record that they went; the runner
      // waits for the run.
      stopOnDrain: true,
    };
  }

  onModuleInit(): void {
    this.jobs.declare(this.rules);
  }

  /** Queues a campaign's run, in `afterSeconds`; one already waiting is enough. A failure is the sweep's to mend. */
  async queue(campaignId: string, afterSeconds = 0): Promise<void> {
    try {
      await this.jobs.send(QUEUE, { campaignId } satisfies CampaignJobData, {
        singletonKey: campaignId,
        startAfter: afterSeconds,
      });
    } catch (error) {
      this.logger.warn(`newsletter ${campaignId} not queued (the sweep queues it): ${errorMessage(error)}`);
    }
  }
}
