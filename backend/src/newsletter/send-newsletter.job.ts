import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { type BeforeApplicationShutdown, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { Clock } from '../common/clock';
import { errorMessage } from '../common/error-message';
import type { Language } from '../common/messages';
import { throughOutage } from '../common/outage';
import { AppConfig } from '../config/app-config';
import { returnedRows } from '../database/postgres-errors';
import { Metrics } from '../metrics/metrics';
import { MailService } from '../mail/mail.service';
import { newPostMail, type NewsletterPost, unsubscribeLinks } from './newsletter-mail';
import { afterFailure } from './send-failure';

interface ClaimedCampaign {
  id: string;
  post_id: string;
  materialized_at: Date | null;
}

interface ClaimedSend {
  id: string;
  email: string;
  language: Language;
  attempts: number;
  /** Whether the subscriber is active now, not when the campaign started. */
  active: boolean;
  unsubscribe_token: string;
}

interface PostRow extends NewsletterPost {
  published: boolean;
}

/**
 * Queues the newsletter of a post being published for the first time, inside the caller's
 * transaction: the campaign exists if and only if the publication is committed. With nobody
 * subscribed it is born finished, so a publication leaves no background work (nor writes) behind.
 * Returns whether there is work; then kick the job after the commit, where this process runs one.
 */
export async function enqueueNewsletter(manager: EntityManager, postId: string, now: Date): Promise<boolean> {
  const queued = returnedRows<{ finished_at: Date | null }>(
    await manager.query(
      `INSERT INTO newsletter_campaigns (post_id, materialized_at, finished_at)
       SELECT $1, done.at, done.at
         FROM (SELECT CASE WHEN EXISTS (SELECT 1 FROM blog_subscribers WHERE status = 'active') THEN NULL ELSE $2::timestamptz END AS at) done
       ON CONFLICT (post_id) DO NOTHING
       RETURNING finished_at`,
      [postId, now],
    ),
  );
  return queued.length > 0 && queued[0].finished_at === null;
}

/**
 * Mails a post to every active (confirmed) subscriber once, after its first publication. The queue is the
 * database: a campaign row (made in the transaction that first publishes the post) becomes one
 * send record per subscriber, and each record goes from 'pending' to 'sent', 'skipped' or 'failed'
 * exactly once. Campaigns and batches of records are claimed with leases (FOR UPDATE SKIP LOCKED),
 * renewed while the work runs, so replicas share the work and a crashed process's claims lapse and
 * are taken over.
 */
@Injectable()
export class SendNewsletterJob implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('Newsletter');
  /** Names this process in lease columns, so it renews and releases only its own claims. */
  private readonly owner = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  private timer?: NodeJS.Timeout;
  private stopped = false;
  private readonly stopping = new AbortController();
  private working?: Promise<void>;
  private kickedWhileWorking = false;

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly mail: MailService,
    private readonly config: AppConfig,
    private readonly clock: Clock,
    private readonly metrics: Metrics,
  ) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => this.kick(), this.config.env.NEWSLETTER_POLL_SECONDS * 1000);
    this.timer.unref();
    this.kick();
  }

  /**
   * Before, not on, application shutdown: the mails in flight still need the SMTP pool (closed by
   * MailService on shutdown) and the database to record that they went.
   */
  async beforeApplicationShutdown(): Promise<void> {
    this.stopped = true;
    this.stopping.abort();
    clearInterval(this.timer);
    await this.idle();
  }

  /** Looks for work now instead of at the next poll (after a publication in this process). */
  kick(): void {
    if (this.stopped) return;
    if (this.working) {
      this.kickedWhileWorking = true;
      return;
    }
    this.kickedWhileWorking = false;
    this.working = this.work().finally(() => {
      this.working = undefined;
      if (this.kickedWhileWorking) this.kick();
    });
  }

  /** Resolves when no work is running (tests and shutdown). */
  async idle(): Promise<void> {
    while (this.working) await this.working;
  }

  private async work(): Promise<void> {
    try {
      while (!this.stopped) {
        const campaign = await this.claimCampaign();
        if (!campaign) return;
        await this.runCampaign(campaign);
      }
    } catch (error) {
      this.logger.error(`newsletter work failed (the next poll resumes it): ${errorMessage(error)}`);
    }
  }

  private leaseUntil(): Date {
    return new Date(this.clock.now().getTime() + this.config.env.NEWSLETTER_LEASE_SECONDS * 1000);
  }

  /** An unfinished campaign whose lease has lapsed (or that waits for nothing), oldest first. */
  private async claimCampaign(): Promise<ClaimedCampaign | null> {
    const result: unknown = await this.db.query(
      `UPDATE newsletter_campaigns SET lease_owner = $1, lease_until = $2
        WHERE id = (SELECT id FROM newsletter_campaigns
                     WHERE finished_at IS NULL AND (lease_until IS NULL OR lease_until < $3)
                     ORDER BY created_at LIMIT 1 FOR UPDATE SKIP LOCKED)
        RETURNING id, post_id, materialized_at`,
      [this.owner, this.leaseUntil(), this.clock.now()],
    );
    return returnedRows<ClaimedCampaign>(result)[0] ?? null;
  }

  private async runCampaign(campaign: ClaimedCampaign): Promise<void> {
    const renew = setInterval(
      () => void this.renewLeases(campaign.id).catch(() => undefined),
      (this.config.env.NEWSLETTER_LEASE_SECONDS * 1000) / 3,
    );
    try {
      if (!campaign.materialized_at) await this.materialize(campaign);
      const [post]: PostRow[] = await this.db.query(
        `SELECT slug, title, title_en AS "titleEn", excerpt, excerpt_en AS "excerptEn", published
           FROM blog_posts WHERE id = $1`,
        [campaign.post_id],
      );
      // Deleted meanwhile: the campaign went with it (ON DELETE CASCADE).
      if (!post) return;
      // Taken back to draft before everyone had it: the rest wait until it is published again.
      if (!post.published) {
        await this.release(campaign.id, this.pollLater());
        return;
      }
      let sent = 0;
      while (!this.stopped) {
        const batch = await this.claimBatch(campaign.id);
        if (batch.length === 0) break;
        sent += await this.sendBatch(batch, post);
      }
      if (sent > 0) this.logger.log(`post ${post.slug}: ${sent} newsletter mails accepted`);
      await this.finishOrRelease(campaign.id);
    } finally {
      clearInterval(renew);
    }
  }

  /**
   * Once per campaign, atomically: one send record per subscriber active at this moment (never a
   * pending one, whose address has not confirmed). Done under
   * the campaign's row lock, so a replica that took over never adds later subscribers.
   */
  private async materialize(campaign: ClaimedCampaign): Promise<void> {
    await this.db.transaction(async (manager) => {
      const marked = returnedRows(
        await manager.query(
          `UPDATE newsletter_campaigns SET materialized_at = $2 WHERE id = $1 AND materialized_at IS NULL RETURNING id`,
          [campaign.id, this.clock.now()],
        ),
      );
      if (marked.length === 0) return;
      await manager.query(
        `INSERT INTO newsletter_sends (campaign_id, post_id, subscriber_id, email, language, next_attempt_at)
         SELECT $1, $2, id, email, language, $3 FROM blog_subscribers WHERE status = 'active'
         ON CONFLICT (post_id, subscriber_id) DO NOTHING`,
        [campaign.id, campaign.post_id, this.clock.now()],
      );
    });
  }

  /** Pending records that are due and claimed by no live process, leased to this one. */
  private async claimBatch(campaignId: string): Promise<ClaimedSend[]> {
    const now = this.clock.now();
    const result: unknown = await this.db.query(
      `UPDATE newsletter_sends s SET lease_owner = $2, lease_until = $3
         FROM blog_subscribers b
        WHERE b.id = s.subscriber_id
          AND s.id IN (SELECT id FROM newsletter_sends
                        WHERE campaign_id = $1 AND status = 'pending' AND next_attempt_at <= $4
                          AND (lease_until IS NULL OR lease_until < $4)
                        ORDER BY next_attempt_at, id LIMIT $5 FOR UPDATE SKIP LOCKED)
        RETURNING s.id, s.email, s.language, s.attempts, b.status = 'active' AS active, b.unsubscribe_token`,
      [campaignId, this.owner, this.leaseUntil(), now, this.config.env.NEWSLETTER_BATCH_SIZE],
    );
    return returnedRows<ClaimedSend>(result);
  }

  /**
   * Sends a batch over as many lanes as the SMTP pool has connections; returns how many went. A lane
   * writes a record's outcome the moment it is known and sends its next mail while that commits
   * (at most one write outstanding per lane), so SMTP and the database work side by side.
   */
  private async sendBatch(batch: ClaimedSend[], post: PostRow): Promise<number> {
    let next = 0;
    let sent = 0;
    // Wrapped, so that a rejection with undefined still counts as one.
    let writeFailure: { error: unknown } | undefined;
    const lanes = Array.from(
      { length: Math.min(this.config.env.NEWSLETTER_SMTP_CONNECTIONS, batch.length) },
      async () => {
        let recording: Promise<void> = Promise.resolve();
        while (!this.stopped && writeFailure === undefined && next < batch.length) {
          const outcome = await this.sendOne(batch[next++], post);
          if (outcome.sent) sent += 1;
          await recording;
          recording = outcome.recorded.catch((error: unknown) => {
            writeFailure ??= { error };
          });
        }
        await recording;
      },
    );
    await Promise.all(lanes);
    if (writeFailure) throw writeFailure.error;
    // Stopping: what was claimed but not tried is free for the next process at once.
    const untried = batch.slice(next).map((record) => record.id);
    if (untried.length) {
      await this.db.query(
        `UPDATE newsletter_sends SET lease_owner = NULL, lease_until = NULL
          WHERE id = ANY($1::uuid[]) AND lease_owner = $2 AND status = 'pending'`,
        [untried, this.owner],
      );
    }
    return sent;
  }

  /** Tries one mail; `recorded` is the write of its outcome, already under way. */
  private async sendOne(record: ClaimedSend, post: PostRow): Promise<{ sent: boolean; recorded: Promise<void> }> {
    if (!record.active) {
      this.metrics.newsletterSends.inc({ outcome: 'skipped' });
      return { sent: false, recorded: this.settle(record.id, `status = 'skipped'`, []) };
    }
    const { PUBLIC_URL } = this.config.env;
    const links = unsubscribeLinks(PUBLIC_URL, record.unsubscribe_token);
    try {
      await this.mail.send(newPostMail(record.email, record.language, post, links, PUBLIC_URL));
    } catch (error) {
      const step = afterFailure(record.attempts, error, this.clock.now(), this.config.env.NEWSLETTER_RETRY_SECONDS);
      if (step.status === 'failed') {
        this.logger.warn(`newsletter send ${record.id} failed for good: ${step.lastError}`);
        this.metrics.newsletterSends.inc({ outcome: 'failed' });
        const recorded = this.settle(record.id, `status = 'failed', attempts = $3, last_error = $4`, [
          step.attempts,
          step.lastError,
        ]);
        return { sent: false, recorded };
      }
      this.metrics.newsletterSends.inc({ outcome: 'retry' });
      const recorded = this.settle(record.id, `attempts = $3, last_error = $4, next_attempt_at = $5`, [
        step.attempts,
        step.lastError,
        step.nextAttemptAt,
      ]);
      return { sent: false, recorded };
    }
    // The server has answered 250: record it at once. A crash between that answer and this commit
    // is the one moment a subscriber can get the mail twice (the record is still pending and is
    // sent again once its lease lapses); SMTP offers no way to close it, this keeps it to one mail.
    this.metrics.newsletterSends.inc({ outcome: 'sent' });
    return { sent: true, recorded: this.settle(record.id, `status = 'sent', sent_at = $3`, [this.clock.now()]) };
  }

  /** Changes one claimed record and gives up its lease; a record settled by anyone already stays as it is. */
  private async settle(id: string, changes: string, values: unknown[]): Promise<void> {
    // An outcome already known is kept through a database outage: lost, the mail would go again.
    await throughOutage(
      () =>
        this.db.query(
          `UPDATE newsletter_sends SET ${changes}, lease_owner = NULL, lease_until = NULL
            WHERE id = $1 AND status = 'pending' AND lease_owner = $2`,
          [id, this.owner, ...values],
        ),
      this.stopping.signal,
    );
  }

  private async renewLeases(campaignId: string): Promise<void> {
    const until = this.leaseUntil();
    await this.db.query(`UPDATE newsletter_campaigns SET lease_until = $2 WHERE id = $1 AND lease_owner = $3`, [
      campaignId,
      until,
      this.owner,
    ]);
    await this.db.query(
      `UPDATE newsletter_sends SET lease_until = $2 WHERE campaign_id = $1 AND lease_owner = $3 AND status = 'pending'`,
      [campaignId, until, this.owner],
    );
  }

  /** Finished when nothing is pending; else back for later, when the next retry is due. */
  private async finishOrRelease(campaignId: string): Promise<void> {
    const [{ pending, due }]: { pending: number; due: Date | null }[] = await this.db.query(
      `SELECT count(*)::int AS pending, min(GREATEST(next_attempt_at, coalesce(lease_until, next_attempt_at))) AS due
         FROM newsletter_sends WHERE campaign_id = $1 AND status = 'pending'`,
      [campaignId],
    );
    if (pending === 0) {
      await this.db.query(
        `UPDATE newsletter_campaigns SET finished_at = $2, lease_owner = NULL, lease_until = NULL
          WHERE id = $1 AND finished_at IS NULL`,
        [campaignId, this.clock.now()],
      );
      return;
    }
    // Stopping: free it for another process now. Otherwise the campaign rests until its next retry.
    await this.release(campaignId, this.stopped ? null : (due ?? this.pollLater()));
  }

  /** Gives the campaign back; no process takes it before `notBefore`. */
  private async release(campaignId: string, notBefore: Date | null): Promise<void> {
    await this.db.query(
      `UPDATE newsletter_campaigns SET lease_owner = NULL, lease_until = $2 WHERE id = $1 AND lease_owner = $3`,
      [campaignId, notBefore, this.owner],
    );
  }

  private pollLater(): Date {
    return new Date(this.clock.now().getTime() + this.config.env.NEWSLETTER_POLL_SECONDS * 1000);
  }
}
