import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** The newsletter of one post, created in the transaction that first publishes it. */
@Entity({ name: 'newsletter_campaigns' })
export class NewsletterCampaign {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'post_id', type: 'uuid', unique: true })
  postId: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  /** When the send records were taken from the active subscribers (once). */
  @Column({ name: 'materialized_at', type: 'timestamptz', nullable: true })
  materializedAt: Date | null;

  @Column({ name: 'finished_at', type: 'timestamptz', nullable: true })
  finishedAt: Date | null;
}
