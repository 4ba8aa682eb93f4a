import { ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { isUUID } from 'class-validator';
import { ILike, type Repository } from 'typeorm';
import { Clock } from '../common/clock';
import { type Page, type PageQueryDto, skipTake } from '../common/paging';
import { isUniqueViolation } from '../database/postgres-errors';
import { NewsletterService } from '../newsletter/newsletter.service';
import { BlogPost } from './blog-post.entity';
import type { CreatePostDto } from './dto/create-post.dto';
import type { UpdatePostDto } from './dto/update-post.dto';

const SLUG_CONSTRAINT = 'blog_posts_slug_key';

/** `text` matched literally inside a LIKE pattern (backslash is PostgreSQL's default escape). */
const likeLiteral = (text: string) => text.replace(/[\\%_]/g, '\\$&');

@Injectable()
export class BlogService {
  constructor(
    @InjectRepository(BlogPost) private readonly posts: Repository<BlogPost>,
    private readonly clock: Clock,
    private readonly newsletters: NewsletterService,
  ) {}

  /** Newest first; drafts only when asked for by an admin. */
  list(includeDrafts: boolean): Promise<BlogPost[]> {
    return this.posts.find({
      where: includeDrafts ? {} : { published: true },
      order: { createdAt: 'DESC' },
    });
  }

  /**
   * The admin's list: every post, drafts included, newest first (the id keeps posts created in the
   * same instant in one order across pages); `search` is found in the slug or either title.
   */
  async page(query: PageQueryDto, search?: string): Promise<Page<BlogPost>> {
    const pattern = search ? ILike(`%${likeLiteral(search)}%`) : undefined;
    const [items, total] = await this.posts.findAndCount({
      where: pattern ? [{ slug: pattern }, { title: pattern }, { titleEn: pattern }] : {},
      order: { createdAt: 'DESC', id: 'DESC' },
      ...skipTake(query),
    });
    return { items, total, page: query.page, pageSize: query.pageSize };
  }

  async bySlug(slug: string, includeDrafts: boolean): Promise<BlogPost> {
    const post = await this.posts.findOneBy(includeDrafts ? { slug } : { slug, published: true });
    if (!post) throw new NotFoundException('error.post.notFound');
    return post;
  }

  async create(input: CreatePostDto): Promise<BlogPost> {
    return this.saveUniqueSlug(this.posts.create({ published: false, ...input }), false);
  }

  async update(id: string, changes: UpdatePostDto): Promise<BlogPost> {
    const post = await this.byId(id);
    const wasPublished = post.published;
    return this.saveUniqueSlug(this.posts.merge(post, changes), wasPublished);
  }

  async remove(id: string): Promise<void> {
    const post = await this.byId(id);
    await this.posts.remove(post);
  }

  private async byId(id: string): Promise<BlogPost> {
    const post = isUUID(id) ? await this.posts.findOneBy({ id }) : null;
    if (!post) throw new NotFoundException('error.post.notFound');
    return post;
  }

  /**
   * Saves; the first time a post is saved as published, the same transaction stamps it and queues
   * its newsletter, which goes out in the background (the answer never waits for mail). A post that
   * was already out without a stamp (seeded straight into the table) is stamped and never mailed.
   */
  private async saveUniqueSlug(post: BlogPost, wasPublished: boolean): Promise<BlogPost> {
    const stamp = post.published && !post.firstPublishedAt;
    const announce = stamp && !wasPublished;
    if (stamp) post.firstPublishedAt = this.clock.now();
    let saved: BlogPost;
    let campaignId: string | null = null;
    try {
      saved = await this.posts.manager.transaction(async (manager) => {
        const row = await manager.save(post);
        if (announce) campaignId = await this.newsletters.startCampaign(manager, row.id, this.clock.now());
        return row;
      });
    } catch (error) {
      if (stamp) post.firstPublishedAt = null;
      if (isUniqueViolation(error, SLUG_CONSTRAINT)) throw new ConflictException('error.slug.taken');
      throw error;
    }
    if (campaignId) await this.newsletters.queueCampaign(campaignId);
    return saved;
  }
}
