import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { type Page, PageQueryDto } from '../common/paging';
import { type NewsletterProgress, NewsletterProgressService } from './newsletter-progress.service';

@ApiTags('admin')
@ApiBearerAuth()
@Controller('admin/newsletters')
export class AdminNewslettersController {
  constructor(private readonly progress: NewsletterProgressService) {}

  @Get()
  @ApiOperation({ summary: 'The newsletter of each published post and how far it has got, newest first' })
  list(@Query() query: PageQueryDto): Promise<Page<NewsletterProgress>> {
    return this.progress.page(query);
  }

  @Get(':postId')
  @ApiOperation({ summary: "One post's newsletter progress (404 if the post was never published)" })
  one(@Param('postId') postId: string): Promise<NewsletterProgress> {
    return this.progress.ofPost(postId);
  }
}
