import { Injectable, NotFoundException } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import { InjectDataSource } from '@nestjs/typeorm';
import { isUUID } from 'class-validator';
import type { DataSource } from 'typeorm';
import { PageOf, type PageQueryDto, skipTake } from '../common/paging';

/** How far the newsletter of one post has got, for the admin console. */
export class NewsletterProgress {
  @ApiProperty({ format: 'uuid' })
  postId: string;

  @ApiProperty()
  slug: string;

  @ApiProperty()
  title: string;

  @ApiProperty({ description: 'One per subscriber active when sending began (0 until then)' })
  total: number;

  @ApiProperty()
  sent: number;

  @ApiProperty()
  failed: number;

  @ApiProperty()
  skipped: number;

  @ApiProperty()
  pending: number;

  @ApiProperty({ format: 'date-time' })
  startedAt: string;

  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  finishedAt: string | null;
}

export class NewsletterProgressPage extends PageOf(NewsletterProgress) {}

interface ProgressRow {
  post_id: string;
  slug: string;
  title: string;
  total: number;
  sent: number;
  failed: number;
  skipped: number;
  pending: number;
  created_at: Date;
  finished_at: Date | null;
}

/** The counts are taken per campaign of the page only (index on campaign_id, status). */
const PROGRESS_SQL = `
  SELECT c.post_id, p.slug, p.title, c.created_at, c.finished_at, n.*
    FROM newsletter_campaigns c
    JOIN blog_posts p ON p.id = c.post_id
    CROSS JOIN LATERAL (
      SELECT count(*)::int AS total,
             (count(*) FILTER (WHERE s.status = 'sent'))::int AS sent,
             (count(*) FILTER (WHERE s.status = 'failed'))::int AS failed,
             (count(*) FILTER (WHERE s.status = 'skipped'))::int AS skipped,
             (count(*) FILTER (WHERE s.status = 'pending'))::int AS pending
        FROM newsletter_sends s WHERE s.campaign_id = c.id) n`;

const toProgress = (row: ProgressRow): NewsletterProgress => ({
  postId: row.post_id,
  slug: row.slug,
  title: row.title,
  total: row.total,
  sent: row.sent,
  failed: row.failed,
  skipped: row.skipped,
  pending: row.pending,
  startedAt: row.created_at.toISOString(),
  finishedAt: row.finished_at ? row.finished_at.toISOString() : null,
});

@Injectable()
export class NewsletterProgressService {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** Every post's newsletter, the most recently published first. */
  async page(query: PageQueryDto): Promise<NewsletterProgressPage> {
    const { skip, take } = skipTake(query);
    const [rows, [{ total }]] = await Promise.all([
      this.db.query<ProgressRow[]>(`${PROGRESS_SQL} ORDER BY c.created_at DESC, c.id DESC LIMIT $1 OFFSET $2`, [
        take,
        skip,
      ]),
      this.db.query<{ total: number }[]>('SELECT count(*)::int AS total FROM newsletter_campaigns'),
    ]);
    return { items: rows.map(toProgress), total, page: query.page, pageSize: query.pageSize };
  }

  /** 404 when the post is unknown or has never been published. */
  async ofPost(postId: string): Promise<NewsletterProgress> {
    const [row]: ProgressRow[] = isUUID(postId)
      ? await this.db.query(`${PROGRESS_SQL} WHERE c.post_id = $1`, [postId])
      : [];
    if (!row) throw new NotFoundException('error.notFound');
    return toProgress(row);
  }
}
