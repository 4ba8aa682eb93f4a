import { Controller, Get, Header, Query, StreamableFile } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiProduces, ApiPropertyOptional, ApiTags } from '@nestjs/swagger';
import { IsIn, IsOptional } from 'class-validator';
import { PageQueryDto } from '../common/paging';
import { NewsletterService, SubscriberPage } from './newsletter.service';

export class ListSubscribersQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ enum: ['true', 'false'] })
  @IsOptional()
  @IsIn(['true', 'false'], { message: 'field.boolean' })
  active?: 'true' | 'false';
}

@ApiTags('admin')
@ApiBearerAuth()
@Controller('admin/subscribers')
export class AdminSubscribersController {
  constructor(private readonly newsletter: NewsletterService) {}

  @Get()
  @ApiOperation({ summary: 'Subscribers, newest first, with the counts of active and inactive ones' })
  @ApiOkResponse({ type: SubscriberPage })
  list(@Query() query: ListSubscribersQueryDto): Promise<SubscriberPage> {
    return this.newsletter.page(query, query.active === undefined ? undefined : query.active === 'true');
  }

  @Get('export.csv')
  @Header('Content-Type', 'text/csv; charset=utf-8')
  @Header('Content-Disposition', 'attachment; filename="giftcast-subscribers.csv"')
  @ApiProduces('text/csv')
  @ApiOperation({ summary: 'Every subscriber as CSV (email, language, active, subscribedAt)' })
  @ApiOkResponse({ schema: { type: 'string', format: 'binary' } })
  async exportCsv(): Promise<StreamableFile> {
    return new StreamableFile(Buffer.from(await this.newsletter.csv(), 'utf8'));
  }
}
