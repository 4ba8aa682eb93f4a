import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { Clock } from '../common/clock';
import { throughOutage } from '../common/outage';
import { AppConfig } from '../config/app-config';
import { JobRunner } from '../jobs/job-runner';
import { Metrics } from '../metrics/metrics';
import { MailService } from '../mail/mail.service';
import { newPostMail, unsubscribeLinks } from './newsletter-mail';
import {
  type CampaignPost,
  type DueSend,
  NewsletterSendRepository,
  type SendOutcome,
} from './newsletter-send.repository';
import { type CampaignJobData, NewsletterQueue, RUN_SECONDS } from './newsletter-queue';
import { afterFailure } from './send-failure';

const SWEEP = 'queue-unfinished-newsletters';

/**
 * Mails a post to every active (confirmed) subscriber once, after its first publication. Each
 * campaign is a job on the runner (NewsletterQueue), so that it runs in one process at a time
 * across the replicas; the job's heartbeat is its lease (a crashed process's campaign goes to
 * another), and a failed run is retried with back-off. The send records stay the account of what
 * was mailed: a run takes only records still pending, so a mail recorded as sent never goes again.
 * A run that stops (shutdown, or its time is up) or leaves retries for later queues its campaign
 * again, for now or for when the next retry is due.
 */
@Injectable()
export class SendNewsletterJob implements OnModuleInit {
  private readonly logger = new Logger('Newsletter');

  constructor(
    private readonly sends: NewsletterSendRepository,
    private readonly mail: MailService,
    private readonly config: AppConfig,
    private readonly clock: Clock,
    private readonly metrics: Metrics,
    private readonly jobs: JobRunner,
    private readonly queue: NewsletterQueue,
  ) {}

  onModuleInit(): void {
    this.jobs.define<CampaignJobData>({
      ...this.queue.rules,
      pollSeconds: this.config.env.NEWSLETTER_POLL_SECONDS,
      handler: ({ campaignId }, signal) => this.run(campaignId, signal),
    });
    // The net under the jobs sent as posts go out: a campaign whose job could not be queued, a
    // draft published again, a run whose retries ran out, a campaign from before the queue.
    this.jobs.define({
      name: SWEEP,
      schedule: '* * * * *',
      once: true,
      deadlineSeconds: 60,
      retries: 0,
      retryDelaySeconds: 60,
      handler: () => this.queueUnfinished(),
    });
  }

  private async queueUnfinished(): Promise<void> {
    for (const campaignId of await this.sends.unfinishedCampaigns()) await this.queue.queue(campaignId);
  }

  /** Ends on `signal` (draining, shutdown, the deadline, the lease lost) or after RUN_SECONDS. */
  private async run(campaignId: string, signal: AbortSignal): Promise<void> {
    const stop = AbortSignal.any([signal, AbortSignal.timeout(RUN_SECONDS * 1000)]);
    const campaign = await this.sends.campaign(campaignId);
    // Deleted with its post (ON DELETE CASCADE), or done.
    if (!campaign || campaign.finished_at) return;
    if (!campaign.materialized_at) await this.sends.materialize(campaign, this.clock.now());
    const post = await this.sends.post(campaign.post_id);
    // Taken back to draft before everyone had it: the sweep queues the rest once it is out again.
    if (!post?.published) return;
    let sent = 0;
    while (!stop.aborted) {
      const batch = await this.sends.dueSends(campaignId, this.clock.now(), this.config.env.NEWSLETTER_BATCH_SIZE);
      if (batch.length === 0) break;
      sent += await this.sendBatch(batch, post, stop, signal);
    }
    if (sent > 0) this.logger.log(`post ${post.slug}: ${sent} newsletter mails accepted`);
    const { pending, due } = await this.sends.pending(campaignId);
    if (pending === 0) return this.sends.finish(campaignId, this.clock.now());
    // Stopped: another run (here or on another replica) takes the rest at once. Else at the next retry.
    const wait = stop.aborted || !due ? 0 : Math.ceil((due.getTime() - this.clock.now().getTime()) / 1000);
    await this.queue.queue(campaignId, Math.max(0, wait));
  }

  /**
   * Sends a batch over as many lanes as the SMTP pool has connections; returns how many went. A lane
   * writes a record's outcome the moment it is known and sends its next mail while that commits
   * (at most one write outstanding per lane), so SMTP and the database work side by side. Stopped,
   * the lanes take no new mail; those in flight finish and are recorded, through an outage until
   * the job's `signal` ends it.
   */
  private async sendBatch(
    batch: DueSend[],
    post: CampaignPost,
    stop: AbortSignal,
    signal: AbortSignal,
  ): Promise<number> {
    let next = 0;
    let sent = 0;
    // Wrapped, so that a rejection with undefined still counts as one.
    let writeFailure: { error: unknown } | undefined;
    const lanes = Array.from(
      { length: Math.min(this.config.env.NEWSLETTER_SMTP_CONNECTIONS, batch.length) },
      async () => {
        let recording: Promise<void> = Promise.resolve();
        while (!stop.aborted && writeFailure === undefined && next < batch.length) {
          const record = batch[next++];
          const outcome = await this.sendOne(record, post);
          if (outcome.status === 'sent') sent += 1;
          await recording;
          recording = this.record(record.id, outcome, signal).catch((error: unknown) => {
            writeFailure ??= { error };
          });
        }
        await recording;
      },
    );
    await Promise.all(lanes);
    if (writeFailure) throw writeFailure.error;
    return sent;
  }

  /** Tries one mail and tells what became of it. */
  private async sendOne(record: DueSend, post: CampaignPost): Promise<SendOutcome> {
    if (!record.active) {
      this.metrics.newsletterSends.inc({ outcome: 'skipped' });
      return { status: 'skipped' };
    }
    const { PUBLIC_URL } = this.config.env;
    const links = unsubscribeLinks(PUBLIC_URL, record.unsubscribe_token, record.language);
    try {
      await this.mail.send(newPostMail(record.email, record.language, post, links, PUBLIC_URL));
    } catch (error) {
      const step = afterFailure(record.attempts, error, this.clock.now(), this.config.env.NEWSLETTER_RETRY_SECONDS);
      if (step.status === 'failed') this.logger.warn(`newsletter send ${record.id} failed for good: ${step.lastError}`);
      this.metrics.newsletterSends.inc({ outcome: step.status === 'failed' ? 'failed' : 'retry' });
      return step;
    }
    // The server has answered 250: record it at once. A crash between that answer and this commit
    // is the one moment a subscriber can get the mail twice (the record is still pending and the
    // campaign's next run sends it again); SMTP offers no way to close it, this keeps it to one mail.
    this.metrics.newsletterSends.inc({ outcome: 'sent' });
    return { status: 'sent', at: this.clock.now() };
  }

  /** An outcome already known is kept through a database outage: lost, the mail would go again. */
  private async record(id: string, outcome: SendOutcome, signal: AbortSignal): Promise<void> {
    await throughOutage(() => this.sends.record(id, outcome), signal);
  }
}
