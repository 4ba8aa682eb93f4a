import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { PageQueryDto } from '../common/paging';
import { NewsletterProgress, NewsletterProgressPage, NewsletterProgressService } from './newsletter-progress.service';

@ApiTags('admin')
@ApiBearerAuth()
@Controller('admin/newsletters')
export class AdminNewslettersController {
  constructor(private readonly progress: NewsletterProgressService) {}

  @Get()
  @ApiOperation({ summary: 'The newsletter of each published post and how far it has got, newest first' })
  @ApiOkResponse({ type: NewsletterProgressPage })
  list(@Query() query: PageQueryDto): Promise<NewsletterProgressPage> {
    return this.progress.page(query);
  }

  @Get(':postId')
  @ApiOperation({ summary: "One post's newsletter progress (404 if the post was never published)" })
  @ApiOkResponse({ type: NewsletterProgress })
  one(@Param('postId') postId: string): Promise<NewsletterProgress> {
    return this.progress.ofPost(postId);
  }
}
