import { Controller, Get, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { type Page, PageQueryDto } from '../common/paging';
import { OptionalText } from '../common/validation';
import { BlogService } from './blog.service';
import { type PostResponse, toPostResponse } from './post-response';

export const POST_SEARCH_MAX_LENGTH = 100;

export class ListAdminPostsQueryDto extends PageQueryDto {
  @OptionalText({ max: POST_SEARCH_MAX_LENGTH }, 'search.max', {
    description: 'Text contained in the slug, the title or the English title (case-insensitive)',
  })
  q?: string | null;
}

@ApiTags('admin')
@ApiBearerAuth()
@Controller('admin/posts')
export class AdminPostsController {
  constructor(private readonly blog: BlogService) {}

  @Get()
  @ApiOperation({ summary: 'Every post, drafts included, newest first, optionally searched, paged' })
  async list(@Query() query: ListAdminPostsQueryDto): Promise<Page<PostResponse>> {
    const page = await this.blog.page(query, query.q ?? undefined);
    return { ...page, items: page.items.map(toPostResponse) };
  }
}
