import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AdminInquiriesController } from './admin-inquiries.controller';
import { ContactController } from './contact.controller';
import { ContactSubmission } from './contact-submission.entity';
import { ContactService } from './contact.service';
import { InquiryRetention } from './inquiry-retention';
import { InquiryRepository } from './inquiry.repository';

@Module({
  imports: [TypeOrmModule.forFeature([ContactSubmission])],
  controllers: [ContactController, AdminInquiriesController],
  providers: [ContactService, InquiryRepository, InquiryRetention],
  exports: [InquiryRetention],
})
export class ContactModule {}
