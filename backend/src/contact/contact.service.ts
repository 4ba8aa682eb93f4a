import { Injectable, Logger, NotFoundException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { isUUID } from 'class-validator';
import type { Repository } from 'typeorm';
import { errorMessage } from '../common/error-message';
import { type Page, type PageQueryDto, skipTake } from '../common/paging';
import { AppConfig } from '../config/app-config';
import { MailService } from '../mail/mail.service';
import { ContactSubmission, type SubmissionType } from './contact-submission.entity';
import type { CreateInquiryDto } from './dto/create-inquiry.dto';
import { inquiryNotification } from './inquiry-mail';

@Injectable()
export class ContactService {
  private readonly logger = new Logger('Inquiries');

  constructor(
    @InjectRepository(ContactSubmission) private readonly submissions: Repository<ContactSubmission>,
    private readonly mail: MailService,
    private readonly config: AppConfig,
  ) {}

  /** Stores the inquiry, then tells the team; a mail failure does not lose the inquiry. */
  async submit(input: CreateInquiryDto, submissionType: SubmissionType): Promise<ContactSubmission> {
    const submission = await this.submissions.save(
      this.submissions.create({
        name: input.name,
        email: input.email,
        phone: input.phone ?? null,
        message: input.message,
        submissionType,
      }),
    );
    try {
      await this.mail.send(inquiryNotification(submission, this.config.env.INQUIRY_NOTIFY_TO));
    } catch (error) {
      this.logger.error(`notification for ${submission.id} failed: ${errorMessage(error)}`);
    }
    return submission;
  }

  async page(query: PageQueryDto, type?: SubmissionType): Promise<Page<ContactSubmission>> {
    const [items, total] = await this.submissions.findAndCount({
      where: type ? { submissionType: type } : {},
      order: { createdAt: 'DESC' },
      ...skipTake(query),
    });
    return { items, total, page: query.page, pageSize: query.pageSize };
  }

  async byId(id: string): Promise<ContactSubmission> {
    const submission = isUUID(id) ? await this.submissions.findOneBy({ id }) : null;
    if (!submission) throw new NotFoundException('error.notFound');
    return submission;
  }
}
