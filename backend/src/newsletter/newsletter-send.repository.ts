import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import type { Language } from '../common/messages';
import { returnedRows } from '../database/postgres-errors';
import type { NewsletterPost } from './newsletter-mail';

export interface Campaign {
  id: string;
  post_id: string;
  materialized_at: Date | null;
  finished_at: Date | null;
}

export interface DueSend {
  id: string;
  email: string;
  language: Language;
  attempts: number;
  /** Whether the subscriber is active now, not when the campaign started. */
  active: boolean;
  unsubscribe_token: string;
}

export interface CampaignPost extends NewsletterPost {
  published: boolean;
}

/** What became of one try: the record's next state. */
export type SendOutcome =
  | { status: 'sent'; at: Date }
  | { status: 'skipped' }
  | { status: 'failed'; attempts: number; lastError: string }
  | { status: 'pending'; attempts: number; lastError: string; nextAttemptAt: Date };

/**
 * The newsletter's records: a campaign per post, and one send record per subscriber that goes from
 * 'pending' to 'sent', 'skipped' or 'failed' exactly once. They are the account of what was mailed;
 * who works on a campaign, and when, is the job queue's.
 */
@Injectable()
export class NewsletterSendRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /**
   * Records the newsletter of a post being published for the first time, inside the caller's
   * transaction: the campaign exists if and only if the publication is committed. With nobody
   * subscribed it is born finished, so a publication leaves no background work (nor writes) behind.
   * Returns the campaign's id where there is work to do.
   */
  async createCampaign(manager: EntityManager, postId: string, now: Date): Promise<string | null> {
    const created = returnedRows<{ id: string; finished_at: Date | null }>(
      await manager.query(
        `INSERT INTO newsletter_campaigns (post_id, materialized_at, finished_at)
         SELECT $1, done.at, done.at
           FROM (SELECT CASE WHEN EXISTS (SELECT 1 FROM blog_subscribers WHERE status = 'active') THEN NULL ELSE $2::timestamptz END AS at) done
         ON CONFLICT (post_id) DO NOTHING
         RETURNING id, finished_at`,
        [postId, now],
      ),
    );
    return created[0] && created[0].finished_at === null ? created[0].id : null;
  }

  async campaign(id: string): Promise<Campaign | null> {
    const rows: Campaign[] = await this.db.query(
      `SELECT id, post_id, materialized_at, finished_at FROM newsletter_campaigns WHERE id = $1`,
      [id],
    );
    return rows[0] ?? null;
  }

  /** Unfinished campaigns of published posts, oldest first (a draft's waits until it is out again). */
  async unfinishedCampaigns(): Promise<string[]> {
    const rows: { id: string }[] = await this.db.query(
      `SELECT c.id FROM newsletter_campaigns c JOIN blog_posts p ON p.id = c.post_id
        WHERE c.finished_at IS NULL AND p.published ORDER BY c.created_at`,
    );
    return rows.map((row) => row.id);
  }

  async post(id: string): Promise<CampaignPost | null> {
    const rows: CampaignPost[] = await this.db.query(
      `SELECT slug, title, title_en AS "titleEn", excerpt, excerpt_en AS "excerptEn", published
         FROM blog_posts WHERE id = $1`,
      [id],
    );
    return rows[0] ?? null;
  }

  /**
   * Once per campaign, atomically: one send record per subscriber active at this moment (never a
   * pending one, whose address has not confirmed). A run that comes later adds no later subscribers.
   */
  async materialize(campaign: Campaign, now: Date): Promise<void> {
    await this.db.transaction(async (manager) => {
      const marked = returnedRows(
        await manager.query(
          `UPDATE newsletter_campaigns SET materialized_at = $2 WHERE id = $1 AND materialized_at IS NULL RETURNING id`,
          [campaign.id, now],
        ),
      );
      if (marked.length === 0) return;
      await manager.query(
        `INSERT INTO newsletter_sends (campaign_id, post_id, subscriber_id, email, language, next_attempt_at)
         SELECT $1, $2, id, email, language, $3 FROM blog_subscribers WHERE status = 'active'
         ON CONFLICT (post_id, subscriber_id) DO NOTHING`,
        [campaign.id, campaign.post_id, now],
      );
    });
  }

  /** The next pending records that are due, in the order they are always taken. */
  async dueSends(campaignId: string, now: Date, limit: number): Promise<DueSend[]> {
    return this.db.query(
      `SELECT s.id, s.email, s.language, s.attempts, b.status = 'active' AS active, b.unsubscribe_token
         FROM newsletter_sends s JOIN blog_subscribers b ON b.id = s.subscriber_id
        WHERE s.campaign_id = $1 AND s.status = 'pending' AND s.next_attempt_at <= $2
        ORDER BY s.next_attempt_at, s.id LIMIT $3`,
      [campaignId, now, limit],
    );
  }

  /** Writes one try's outcome; a record already settled (by an earlier run) stays as it is. */
  async record(id: string, outcome: SendOutcome): Promise<void> {
    const [changes, values]: [string, unknown[]] =
      outcome.status === 'sent'
        ? [`status = 'sent', sent_at = $2`, [outcome.at]]
        : outcome.status === 'skipped'
          ? [`status = 'skipped'`, []]
          : outcome.status === 'failed'
            ? [`status = 'failed', attempts = $2, last_error = $3`, [outcome.attempts, outcome.lastError]]
            : [
                `attempts = $2, last_error = $3, next_attempt_at = $4`,
                [outcome.attempts, outcome.lastError, outcome.nextAttemptAt],
              ];
    await this.db.query(`UPDATE newsletter_sends SET ${changes} WHERE id = $1 AND status = 'pending'`, [id, ...values]);
  }

  /** How many records still wait, and when the earliest of them is due. */
  async pending(campaignId: string): Promise<{ pending: number; due: Date | null }> {
    const [row]: { pending: number; due: Date | null }[] = await this.db.query(
      `SELECT count(*)::int AS pending, min(next_attempt_at) AS due
         FROM newsletter_sends WHERE campaign_id = $1 AND status = 'pending'`,
      [campaignId],
    );
    return row;
  }

  async finish(campaignId: string, now: Date): Promise<void> {
    await this.db.query(`UPDATE newsletter_campaigns SET finished_at = $2 WHERE id = $1 AND finished_at IS NULL`, [
      campaignId,
      now,
    ]);
  }
}
