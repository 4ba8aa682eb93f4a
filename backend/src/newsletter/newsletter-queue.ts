import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { errorMessage } from '../common/error-message';
import { AppConfig } from '../config/app-config';
import { JobRunner } from '../jobs/job-runner';

const QUEUE = 'send-newsletter';
/** A run longer than this stops and queues the rest of its campaign as a new job. */
export const RUN_SECONDS = 3600;
/** pg-boss's smallest heartbeat. */
const MIN_HEARTBEAT_SECONDS = 10;

/** Does one campaign's run; stops on `signal`. */
export type CampaignRun = (campaignId: string, signal: AbortSignal) => Promise<void>;

/**
 * The newsletter's queue on the job runner, one job per campaign, declared in every role so that a
 * ROLE=web replica queues a publication's newsletter too; the sender (SendNewsletterJob, where
 * jobs run) serves it. The campaign's id is the job's singleton key: one run waits and one runs per
 * campaign across the replicas, and its heartbeat is the lease (a crashed process's campaign is
 * taken back and tried again).
 */
@Injectable()
export class NewsletterQueue implements OnModuleInit {
  private readonly logger = new Logger('Newsletter');
  private sender?: CampaignRun;

  constructor(
    private readonly jobs: JobRunner,
    private readonly config: AppConfig,
  ) {}

  onModuleInit(): void {
    const env = this.config.env;
    this.jobs.define<{ campaignId: string }>({
      name: QUEUE,
      once: true,
      deadlineSeconds: RUN_SECONDS + 60,
      heartbeatSeconds: Math.max(MIN_HEARTBEAT_SECONDS, env.NEWSLETTER_LEASE_SECONDS),
      // A run that failed (the database away) or whose process died is tried again soon, then less often.
      retries: 10,
      retryDelaySeconds: env.NEWSLETTER_POLL_SECONDS,
      pollSeconds: env.NEWSLETTER_POLL_SECONDS,
      handler: async ({ campaignId }, signal) => {
        if (!this.sender) throw new Error('no newsletter sender in this process');
        await this.sender(campaignId, signal);
      },
    });
  }

  /** Where jobs run: `run` does each campaign's job. */
  serve(run: CampaignRun): void {
    this.sender = run;
  }

  /** Queues a campaign's run, in `afterSeconds`; one already waiting is enough. A failure is the sweep's to mend. */
  async queue(campaignId: string, afterSeconds = 0): Promise<void> {
    try {
      await this.jobs.send(QUEUE, { campaignId }, { singletonKey: campaignId, startAfter: afterSeconds });
    } catch (error) {
      this.logger.warn(`newsletter ${campaignId} not queued (the sweep queues it): ${errorMessage(error)}`);
    }
  }
}
