import { SUBSCRIBER_STATUSES, type SubscriberStatus } from '@giftcast/contract/subscribers';
import { Injectable, Logger, NotFoundException } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import { InjectRepository } from '@nestjs/typeorm';
import { isUUID } from 'class-validator';
import type { EntityManager, Repository } from 'typeorm';
import { Clock } from '../common/clock';
import { errorMessage } from '../common/error-message';
import { PageOf, type PageQueryDto, skipTake } from '../common/paging';
import { type Language, LANGUAGES } from '../common/messages';
import { AppConfig } from '../config/app-config';
import { returnedRows } from '../database/postgres-errors';
import { MailService } from '../mail/mail.service';
import type { MailMessage } from '../mail/mail-transport';
import { BlogSubscriber } from './blog-subscriber.entity';
import { confirmTokenHash, newConfirmToken } from './confirm-token';
import { NewsletterQueue } from './newsletter-queue';
import { NewsletterSendRepository } from './newsletter-send.repository';
import { alreadySubscribedMail, confirmationMail, confirmLink, unsubscribeLinks, welcomeMail } from './newsletter-mail';

/** What the admin console sees of a subscriber (never the unsubscribe token). */
export class SubscriberView {
  @ApiProperty({ format: 'uuid' })
  id: string;

  @ApiProperty()
  email: string;

  @ApiProperty({ enum: LANGUAGES, enumName: 'Language', description: 'The language of its mail' })
  language: Language;

  @ApiProperty({
    enum: SUBSCRIBER_STATUSES,
    enumName: 'SubscriberStatus',
    description: 'pending until the address confirms; only active ones get the newsletter',
  })
  status: SubscriberStatus;

  @ApiProperty({ format: 'date-time' })
  subscribedAt: string;
}

export class SubscriberCounts implements Record<SubscriberStatus, number> {
  @ApiProperty()
  pending: number;

  @ApiProperty()
  active: number;

  @ApiProperty()
  unsubscribed: number;
}

export class SubscriberPage extends PageOf(SubscriberView) {
  @ApiProperty({ description: 'Of every subscriber, whatever the filter' })
  counts: SubscriberCounts;
}

const toView = (s: BlogSubscriber): SubscriberView => ({
  id: s.id,
  email: s.email,
  language: s.language,
  status: s.status,
  subscribedAt: s.subscribedAt.toISOString(),
});

/** A CSV cell: quoted, and never read as a formula by a spreadsheet. */
function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return `"${safe.replace(/"/g, '""')}"`;
}

/**
 * One statement whatever the address's state, so that every state costs the same: a new address
 * becomes pending; a pending or unsubscribed one keeps its state and gets a fresh confirmation
 * token (the last link mailed is the one that works); an active one is left as it is.
 */
const SUBSCRIBE_SQL = `
  INSERT INTO blog_subscribers AS s (email, language, status, confirm_token_hash, confirm_expires_at)
  VALUES ($1, $2, 'pending', $3, $4)
  ON CONFLICT (email) DO UPDATE SET
    language = CASE WHEN s.status = 'active' THEN s.language ELSE EXCLUDED.language END,
    confirm_token_hash = CASE WHEN s.status = 'active' THEN NULL ELSE EXCLUDED.confirm_token_hash END,
    confirm_expires_at = CASE WHEN s.status = 'active' THEN NULL ELSE EXCLUDED.confirm_expires_at END
  RETURNING id, status, unsubscribe_token`;

/** Activates the subscriber whose confirmation token this is, while it is valid; used once. */
const CONFIRM_SQL = `
  UPDATE blog_subscribers SET status = 'active', confirm_token_hash = NULL, confirm_expires_at = NULL
   WHERE confirm_token_hash = $1 AND confirm_expires_at > $2
  RETURNING id, email, language, unsubscribe_token`;

const HOUR_MS = 3600 * 1000;

@Injectable()
export class NewsletterService {
  private readonly logger = new Logger('Newsletter');

  constructor(
    @InjectRepository(BlogSubscriber) private readonly subscribers: Repository<BlogSubscriber>,
    private readonly mail: MailService,
    private readonly config: AppConfig,
    private readonly clock: Clock,
    private readonly sends: NewsletterSendRepository,
    private readonly queue: NewsletterQueue,
  ) {}

  /**
   * The newsletter of a post published for the first time, recorded in the publication's own
   * transaction; its id where there is someone to mail (then queue it after the commit).
   */
  startCampaign(manager: EntityManager, postId: string, now: Date): Promise<string | null> {
    return this.sends.createCampaign(manager, postId, now);
  }

  /** Queues a campaign's sending, after the publication committed; where jobs run, it starts at once. */
  queueCampaign(campaignId: string): Promise<void> {
    return this.queue.queue(campaignId);
  }

  /**
   * Double opt-in. The caller learns nothing of the address's state: every state is one write and
   * one mail, and the answer is the same. The mailbox gets a confirmation link, or, where the
   * address is already active, a note saying so that confirms nothing.
   */
  async subscribe(email: string, language: Language): Promise<void> {
    const { PUBLIC_URL, NEWSLETTER_CONFIRM_HOURS: hours } = this.config.env;
    const { token, hash } = newConfirmToken();
    const expiresAt = new Date(this.clock.now().getTime() + hours * HOUR_MS);
    const [subscriber] = returnedRows<{ id: string; status: SubscriberStatus; unsubscribe_token: string }>(
      await this.subscribers.query(SUBSCRIBE_SQL, [email, language, hash, expiresAt]),
    );
    const mail =
      subscriber.status === 'active'
        ? alreadySubscribedMail(
            email,
            language,
            unsubscribeLinks(PUBLIC_URL, subscriber.unsubscribe_token, language),
            PUBLIC_URL,
          )
        : confirmationMail(email, language, confirmLink(PUBLIC_URL, token, language), hours);
    await this.sendMail(mail, subscriber.id, 'subscribe');
  }

  /** The mailed link's token makes its address active and brings the welcome; 404 once used or expired. */
  async confirm(token: string): Promise<void> {
    const [subscriber] = returnedRows<{ id: string; email: string; language: Language; unsubscribe_token: string }>(
      await this.subscribers.query(CONFIRM_SQL, [confirmTokenHash(token), this.clock.now()]),
    );
    if (!subscriber) throw new NotFoundException('error.subscribe.confirmInvalid');
    const { PUBLIC_URL } = this.config.env;
    const links = unsubscribeLinks(PUBLIC_URL, subscriber.unsubscribe_token, subscriber.language);
    await this.sendMail(
      welcomeMail(subscriber.email, subscriber.language, links, PUBLIC_URL),
      subscriber.id,
      'welcome',
    );
  }

  /** Unknown tokens are 404; unsubscribing twice is fine. A confirmation still pending dies with it. */
  async unsubscribe(token: string): Promise<void> {
    const subscriber = isUUID(token) ? await this.subscribers.findOneBy({ unsubscribeToken: token }) : null;
    if (!subscriber) throw new NotFoundException('error.unsubscribe.notFound');
    if (subscriber.status !== 'unsubscribed' || subscriber.confirmTokenHash) {
      await this.subscribers.update(
        { id: subscriber.id },
        { status: 'unsubscribed', confirmTokenHash: null, confirmExpiresAt: null },
      );
    }
  }

  /** A failed mail is logged, not answered: the answer must not depend on it. */
  private async sendMail(message: MailMessage, subscriberId: string, what: string): Promise<void> {
    try {
      await this.mail.send(message);
    } catch (error) {
      this.logger.error(`${what} mail to subscriber ${subscriberId} failed: ${errorMessage(error)}`);
    }
  }

  async page(query: PageQueryDto, status?: SubscriberStatus): Promise<SubscriberPage> {
    const [[items, total], byStatus] = await Promise.all([
      this.subscribers.findAndCount({
        where: status === undefined ? {} : { status },
        order: { subscribedAt: 'DESC', id: 'DESC' },
        ...skipTake(query),
      }),
      this.subscribers.query<{ status: SubscriberStatus; count: number }[]>(
        'SELECT status, count(*)::int AS count FROM blog_subscribers GROUP BY status',
      ),
    ]);
    const counts: SubscriberCounts = { pending: 0, active: 0, unsubscribed: 0 };
    for (const row of byStatus) counts[row.status] = row.count;
    return { items: items.map(toView), total, page: query.page, pageSize: query.pageSize, counts };
  }

  async csv(): Promise<string> {
    const rows = await this.subscribers.find({ order: { subscribedAt: 'ASC', id: 'ASC' } });
    const lines = rows.map((s) => [s.email, s.language, s.status, s.subscribedAt.toISOString()].map(csvCell).join(','));
    return ['email,language,status,subscribedAt', ...lines].join('\r\n') + '\r\n';
  }
}
