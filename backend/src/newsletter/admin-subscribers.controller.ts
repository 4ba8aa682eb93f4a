import { SUBSCRIBER_STATUSES, type SubscriberStatus } from '@giftcast/contract/subscribers';
import { Controller, Get, Header, Query, StreamableFile } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiProduces, ApiPropertyOptional, ApiTags } from '@nestjs/swagger';
import { IsIn, IsOptional } from 'class-validator';
import { PageQueryDto } from '../common/paging';
import { NewsletterService, SubscriberPage } from './newsletter.service';

export class ListSubscribersQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ enum: SUBSCRIBER_STATUSES, enumName: 'SubscriberStatus' })
  @IsOptional()
  @IsIn(SUBSCRIBER_STATUSES, { message: 'subscriber.status.invalid' })
  status?: SubscriberStatus;
}

@ApiTags('admin')
@ApiBearerAuth()
@Controller('admin/subscribers')
export class AdminSubscribersController {
  constructor(private readonly newsletter: NewsletterService) {}

  @Get()
  @ApiOperation({ summary: 'Subscribers, newest first, optionally of one status, with the count of each status' })
  @ApiOkResponse({ type: SubscriberPage })
  list(@Query() query: ListSubscribersQueryDto): Promise<SubscriberPage> {
    return this.newsletter.page(query, query.status);
  }

  @Get('export.csv')
  @Header('Content-Type', 'text/csv; charset=utf-8')
  @Header('Content-Disposition', 'attachment; filename="giftcast-subscribers.csv"')
  @ApiProduces('text/csv')
  @ApiOperation({ summary: 'Every subscriber as CSV (email, language, status, subscribedAt)' })
  @ApiOkResponse({ schema: { type: 'string', format: 'binary' } })
  async exportCsv(): Promise<StreamableFile> {
    return new StreamableFile(Buffer.from(await this.newsletter.csv(), 'utf8'));
  }
}
