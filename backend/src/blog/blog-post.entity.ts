import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

@Entity({ name: 'blog_posts' })
export class BlogPost {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ type: 'text' })
  title: string;

  @Column({ name: 'title_en', type: 'text', nullable: true })
  titleEn: string | null;

  @Column({ type: 'text' })
  content: string;

  @Column({ name: 'content_en', type: 'text', nullable: true })
  contentEn: string | null;

  @Column({ type: 'text' })
  excerpt: string;

  @Column({ name: 'excerpt_en', type: 'text', nullable: true })
  excerptEn: string | null;

  @Column({ name: 'thumbnail_url', type: 'text', nullable: true })
  thumbnailUrl: string | null;

  @Column({ type: 'text', unique: true })
  slug: string;

  @Column({ type: 'boolean', default: false })
  published: boolean;

  /**
   * Set once, the first time the post goes out: later publishes never mail subscribers again.
   * Optional because content seeded straight into the table may leave it out.
   */
  @Column({ name: 'first_published_at', type: 'timestamptz', nullable: true })
  firstPublishedAt?: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
