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

  @Column({ type: 'boolean', default: true })
  active: boolean;

  /** The language they subscribed in; their mails use it. */
  @Column({ type: 'text', default: 'ko' })
  language: Language;
}
