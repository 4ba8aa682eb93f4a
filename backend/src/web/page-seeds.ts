import { QUERY_KEYS } from '@giftcast/contract/query-keys';
import type { QuerySeed } from '@giftcast/contract/server-render';
import { Injectable } from '@nestjs/common';
import type { BlogPost } from '../blog/blog-post.entity';
import { BlogService } from '../blog/blog.service';
import { toPostResponse } from '../blog/post-response';
import { QrService } from '../qr/qr.service';
import { TestimonialService } from '../testimonial/testimonial.service';

/** The API's own answer, as the app would hold it after fetching (dates as strings). */
const asFetched = (answer: unknown): unknown => JSON.parse(JSON.stringify(answer));

/** The data the pages rendered per request show, under the query keys the app reads it by. */
@Injectable()
export class PageSeeds {
  constructor(
    private readonly blog: BlogService,
    private readonly testimonials: TestimonialService,
    private readonly qr: QrService,
  ) {}

  /** The data of the public page at `path`, or undefined for a page that shows none. */
  forPage(path: string): Promise<QuerySeed[]> | undefined {
    switch (path) {
      case '/':
        return this.testimonials
          .featured()
          .then((featured) => [[QUERY_KEYS.featuredTestimonials, asFetched(featured)]]);
      case '/blog':
        return this.blog
          .list(false)
          .then((posts) => [[QUERY_KEYS.publishedPosts, asFetched(posts.map(toPostResponse))]]);
      case '/try':
        // The list as the stream's first event would bring it; the page follows the stream from there.
        return this.qr.available().then((codes) => [[QUERY_KEYS.availableQrCodes, asFetched(codes)]]);
      default:
        return undefined;
    }
  }

  /** A post's page: the post as GET /api/posts/slug/:slug answers it. */
  forPost(post: BlogPost): QuerySeed[] {
    return [[QUERY_KEYS.post(post.slug), asFetched(toPostResponse(post))]];
  }
}
