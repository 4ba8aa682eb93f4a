import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiPropertyOptional, ApiTags } from '@nestjs/swagger';
import { IsIn, IsOptional } from 'class-validator';
import { PageOf, PageQueryDto } from '../common/paging';
import { ContactSubmission, SUBMISSION_TYPES, type SubmissionType } from './contact-submission.entity';
import { ContactService } from './contact.service';

export class ListInquiriesQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ enum: SUBMISSION_TYPES })
  @IsOptional()
  @IsIn(SUBMISSION_TYPES, { message: 'submissionType.invalid' })
  type?: SubmissionType;
}

export class InquiryPage extends PageOf(ContactSubmission) {}

@ApiTags('admin')
@ApiBearerAuth()
@Controller('admin/inquiries')
export class AdminInquiriesController {
  constructor(private readonly contact: ContactService) {}

  @Get()
  @ApiOperation({ summary: 'Contact and partner inquiries, newest first, optionally of one type' })
  @ApiOkResponse({ type: InquiryPage })
  list(@Query() query: ListInquiriesQueryDto): Promise<InquiryPage> {
    return this.contact.page(query, query.type);
  }

  @Get(':id')
  @ApiOperation({ summary: 'One inquiry' })
  @ApiOkResponse({ type: ContactSubmission })
  detail(@Param('id') id: string): Promise<ContactSubmission> {
    return this.contact.byId(id);
  }
}
