import { Body, Controller, Post } from '@nestjs/common';
import { ApiCreatedResponse, ApiOperation, ApiProperty, ApiTags } from '@nestjs/swagger';
import { Public } from '../common/admin-access.decorators';
import { RateLimit } from '../common/rate-limit';
import { ContactService } from './contact.service';
import { CreateInquiryDto } from './dto/create-inquiry.dto';

export class InquiryCreated {
  @ApiProperty({ enum: [true] })
  success: true;

  @ApiProperty({ format: 'uuid' })
  id: string;
}

@ApiTags('inquiries')
@Controller()
export class ContactController {
  constructor(private readonly contact: ContactService) {}

  @Public()
  @RateLimit('inquiries')
  @Post('contact')
  @ApiOperation({ summary: 'Customer-centre inquiry' })
  @ApiCreatedResponse({ type: InquiryCreated })
  async contactInquiry(@Body() body: CreateInquiryDto): Promise<InquiryCreated> {
    const { id } = await this.contact.submit(body, body.submissionType ?? 'contact');
    return { success: true, id };
  }

  @Public()
  @RateLimit('inquiries')
  @Post('partner')
  @ApiOperation({ summary: 'Partner programme inquiry' })
  @ApiCreatedResponse({ type: InquiryCreated })
  async partnerInquiry(@Body() body: CreateInquiryDto): Promise<InquiryCreated> {
    const { id } = await this.contact.submit(body, 'partner');
    return { success: true, id };
  }
}
