import { POST_SEARCH_MAX_LENGTH } from '@giftcast/contract/limits';
import { Controller, Get, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { PageOf, PageQueryDto } from '../common/paging';
import { OptionalText } from '../common/validation';
import { BlogService } from './blog.service';
import { PostResponse, toPostResponse } from './post-response';

export class ListAdminPostsQueryDto extends PageQueryDto {
  @OptionalText({ max: POST_SEARCH_MAX_LENGTH }, 'search.max', {
    description: 'Text contained in the slug, the title or the English title (case-insensitive)',
  })
  q?: string | null;
}

export class PostPage extends PageOf(PostResponse) {}

@ApiTags('admin')
@ApiBearerAuth()
@Controller('admin/posts')
export class AdminPostsController {
  constructor(private readonly blog: BlogService) {}

  @Get()
  @ApiOperation({ summary: 'Every post, drafts included, newest first, optionally searched, paged' })
  @ApiOkResponse({ type: PostPage })
  async list(@Query() query: ListAdminPostsQueryDto): Promise<PostPage> {
    const page = await this.blog.page(query, query.q ?? undefined);
    return { ...page, items: page.items.map(toPostResponse) };
  }
}
