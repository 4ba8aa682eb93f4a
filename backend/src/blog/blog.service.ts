import { ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { isUUID } from 'class-validator';
import type { Repository } from 'typeorm';
import { isUniqueViolation } from '../database/postgres-errors';
import { BlogPost } from './blog-post.entity';
import type { CreatePostDto } from './dto/create-post.dto';
import type { UpdatePostDto } from './dto/update-post.dto';

const SLUG_CONSTRAINT = 'blog_posts_slug_key';

@Injectable()
export class BlogService {
  constructor(@InjectRepository(BlogPost) private readonly posts: Repository<BlogPost>) {}

  /** Newest first; drafts only when asked for by an admin. */
  list(includeDrafts: boolean): Promise<BlogPost[]> {
    return this.posts.find({
      where: includeDrafts ? {} : { published: true },
      order: { createdAt: 'DESC' },
    });
  }

  async bySlug(slug: string, includeDrafts: boolean): Promise<BlogPost> {
    const post = await this.posts.findOneBy(includeDrafts ? { slug } : { slug, published: true });
    if (!post) throw new NotFoundException('error.post.notFound');
    return post;
  }

  async create(input: CreatePostDto): Promise<BlogPost> {
    return this.saveUniqueSlug(this.posts.create({ published: false, ...input }));
  }

  async update(id: string, changes: UpdatePostDto): Promise<BlogPost> {
    const post = await this.byId(id);
    return this.saveUniqueSlug(this.posts.merge(post, changes));
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

  private async saveUniqueSlug(post: BlogPost): Promise<BlogPost> {
    try {
      return await this.posts.save(post);
    } catch (error) {
      if (isUniqueViolation(error, SLUG_CONSTRAINT)) throw new ConflictException('error.slug.taken');
      throw error;
    }
  }
}
