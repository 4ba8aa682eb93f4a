import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { Language } from '../common/messages';

export type NewsletterSendStatus = 'pending' | 'sent' | 'failed' | 'skipped';

/** One subscriber's copy of one post's newsletter: the unit that is sent exactly once. */
@Entity({ name: 'newsletter_sends' })
export class NewsletterSend {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'campaign_id', type: 'uuid' })
  campaignId: string;

  @Column({ name: 'post_id', type: 'uuid' })
  postId: string;

  @Column({ name: 'subscriber_id', type: 'uuid' })
  subscriberId: string;

  /** Address and language as they were when the campaign started. */
  @Column({ type: 'text' })
  email: string;

  @Column({ type: 'text' })
  language: Language;

  @Column({ type: 'text', default: 'pending' })
  status: NewsletterSendStatus;

  /** Failed tries so far. */
  @Column({ type: 'integer', default: 0 })
  attempts: number;

  @Column({ name: 'next_attempt_at', type: 'timestamptz' })
  nextAttemptAt: Date;

  @Column({ name: 'last_error', type: 'text', nullable: true })
  lastError: string | null;

  @Column({ name: 'sent_at', type: 'timestamptz', nullable: true })
  sentAt: Date | null;
}
