import type { SubscriberStatus } from '@giftcast/contract/subscribers';
import { Column, CreateDateColumn, Entity, Generated, PrimaryGeneratedColumn } from 'typeorm';
import type { Language } from '../common/messages';

@Entity({ name: 'blog_subscribers' })
export class BlogSubscriber {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  /** Stored lower-cased, so one address is one subscriber. */
  @Column({ type: 'text', unique: true })
  email: string;

  @CreateDateColumn({ name: 'subscribed_at', type: 'timestamptz' })
  subscribedAt: Date;

  @Column({ name: 'unsubscribe_token', type: 'uuid', unique: true })
  @Generated('uuid')
  unsubscribeToken: string;

  /** Only `active` subscribers get the newsletter; `pending` ones until they confirm. */
  @Column({ type: 'text' })
  status: SubscriberStatus;

  /** SHA-256 of the token the last confirmation mail carried; null once used or swept. */
  @Column({ name: 'confirm_token_hash', type: 'bytea', nullable: true, unique: true })
  confirmTokenHash: Buffer | null;

  @Column({ name: 'confirm_expires_at', type: 'timestamptz', nullable: true })
  confirmExpiresAt: Date | null;

  /** The language they subscribed in; their mails use it. */
  @Column({ type: 'text', default: 'ko' })
  language: Language;
}
