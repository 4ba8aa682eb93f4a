import { Injectable, Logger, NotFoundException } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import { InjectRepository } from '@nestjs/typeorm';
import { isUUID } from 'class-validator';
import type { Repository } from 'typeorm';
import { errorMessage } from '../common/error-message';
import { PageOf, type PageQueryDto, skipTake } from '../common/paging';
import { type Language, LANGUAGES, type MessageKey } from '../common/messages';
import { AppConfig } from '../config/app-config';
import { isUniqueViolation } from '../database/postgres-errors';
import { MailService } from '../mail/mail.service';
import { BlogSubscriber } from './blog-subscriber.entity';
import { unsubscribeLinks, welcomeMail } from './newsletter-mail';

/** What the admin console sees of a subscriber (never the unsubscribe token). */
export class SubscriberView {
  @ApiProperty({ format: 'uuid' })
  id: string;

  @ApiProperty()
  email: string;

  @ApiProperty({ enum: LANGUAGES, enumName: 'Language', description: 'The language of its mail' })
  language: Language;

  @ApiProperty()
  active: boolean;

  @ApiProperty({ format: 'date-time' })
  subscribedAt: string;
}

export class SubscriberCounts {
  @ApiProperty()
  active: number;

  @ApiProperty()
  inactive: number;
}

export class SubscriberPage extends PageOf(SubscriberView) {
  @ApiProperty({ description: 'Of every subscriber, whatever the filter' })
  counts: SubscriberCounts;
}

const toView = (s: BlogSubscriber): SubscriberView => ({
  id: s.id,
  email: s.email,
  language: s.language,
  active: s.active,
  subscribedAt: s.subscribedAt.toISOString(),
});

/** A CSV cell: quoted, and never read as a formula by a spreadsheet. */
function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return `"${safe.replace(/"/g, '""')}"`;
}

export type SubscribeOutcome = 'created' | 'reactivated' | 'already';

const OUTCOME_MESSAGES: Record<SubscribeOutcome, MessageKey> = {
  created: 'subscribe.created',
  reactivated: 'subscribe.reactivated',
  already: 'subscribe.already',
};

@Injectable()
export class NewsletterService {
  private readonly logger = new Logger('Newsletter');

  constructor(
    @InjectRepository(BlogSubscriber) private readonly subscribers: Repository<BlogSubscriber>,
    private readonly mail: MailService,
    private readonly config: AppConfig,
  ) {}

  /** Idempotent: an active address stays as it is (no second welcome); an inactive one comes back. */
  async subscribe(email: string, language: Language): Promise<{ outcome: SubscribeOutcome; message: MessageKey }> {
    const existing = await this.subscribers.findOneBy({ email });
    let subscriber: BlogSubscriber;
    let outcome: SubscribeOutcome;
    if (existing?.active) {
      return { outcome: 'already', message: OUTCOME_MESSAGES.already };
    } else if (existing) {
      subscriber = await this.subscribers.save(this.subscribers.merge(existing, { active: true, language }));
      outcome = 'reactivated';
    } else {
      try {
        subscriber = await this.subscribers.save(this.subscribers.create({ email, language }));
        outcome = 'created';
      } catch (error) {
        // The same address subscribed at the same moment by another request.
        if (isUniqueViolation(error, 'blog_subscribers_email_key')) {
          return { outcome: 'already', message: OUTCOME_MESSAGES.already };
        }
        throw error;
      }
    }
    await this.sendWelcome(subscriber);
    return { outcome, message: OUTCOME_MESSAGES[outcome] };
  }

  /** Unknown tokens are 404; unsubscribing twice is fine. */
  async unsubscribe(token: string): Promise<void> {
    const subscriber = isUUID(token) ? await this.subscribers.findOneBy({ unsubscribeToken: token }) : null;
    if (!subscriber) throw new NotFoundException('error.unsubscribe.notFound');
    if (subscriber.active) await this.subscribers.update({ id: subscriber.id }, { active: false });
  }

  private async sendWelcome(subscriber: BlogSubscriber): Promise<void> {
    const { PUBLIC_URL } = this.config.env;
    const links = unsubscribeLinks(PUBLIC_URL, subscriber.unsubscribeToken);
    try {
      await this.mail.send(welcomeMail(subscriber.email, subscriber.language, links, `${PUBLIC_URL}/blog`));
    } catch (error) {
      this.logger.error(`welcome mail to subscriber ${subscriber.id} failed: ${errorMessage(error)}`);
    }
  }

  async page(query: PageQueryDto, active?: boolean): Promise<SubscriberPage> {
    const [[items, total], activeCount, inactiveCount] = await Promise.all([
      this.subscribers.findAndCount({
        where: active === undefined ? {} : { active },
        order: { subscribedAt: 'DESC' },
        ...skipTake(query),
      }),
      this.subscribers.countBy({ active: true }),
      this.subscribers.countBy({ active: false }),
    ]);
    return {
      items: items.map(toView),
      total,
      page: query.page,
      pageSize: query.pageSize,
      counts: { active: activeCount, inactive: inactiveCount },
    };
  }

  async csv(): Promise<string> {
    const rows = await this.subscribers.find({ order: { subscribedAt: 'ASC' } });
    const lines = rows.map((s) =>
      [s.email, s.language, String(s.active), s.subscribedAt.toISOString()].map(csvCell).join(','),
    );
    return ['email,language,active,subscribedAt', ...lines].join('\r\n') + '\r\n';
  }
}
