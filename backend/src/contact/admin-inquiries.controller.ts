import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiPropertyOptional, ApiTags } from '@nestjs/swagger';
import { IsIn, IsOptional } from 'class-validator';
import { type Page, PageQueryDto } from '../common/paging';
import { type ContactSubmission, SUBMISSION_TYPES, type SubmissionType } from './contact-submission.entity';
import { ContactService } from './contact.service';

export class ListInquiriesQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ enum: SUBMISSION_TYPES })
  @IsOptional()
  @IsIn(SUBMISSION_TYPES, { message: 'submissionType.invalid' })
  type?: SubmissionType;
}

@ApiTags('admin')
@ApiBearerAuth()
@Controller('admin/inquiries')
export class AdminInquiriesController {
  constructor(private readonly contact: ContactService) {}

  @Get()
  @ApiOperation({ summary: 'Contact and partner inquiries, newest first, optionally of one type' })
  list(@Query() query: ListInquiriesQueryDto): Promise<Page<ContactSubmission>> {
    return this.contact.page(query, query.type);
  }

  @Get(':id')
  @ApiOperation({ summary: 'One inquiry' })
  detail(@Param('id') id: string): Promise<ContactSubmission> {
    return this.contact.byId(id);
  }
}
