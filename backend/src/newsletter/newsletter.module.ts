import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AdminNewslettersController } from './admin-newsletters.controller';
import { AdminSubscribersController } from './admin-subscribers.controller';
import { BlogSubscriber } from './blog-subscriber.entity';
import { NewsletterController } from './newsletter.controller';
import { NewsletterProgressService } from './newsletter-progress.service';
import { NewsletterQueue } from './newsletter-queue';
import { NewsletterSendRepository } from './newsletter-send.repository';
import { NewsletterService } from './newsletter.service';
import { SubscriberRepository } from './subscriber.repository';

@Module({
  imports: [TypeOrmModule.forFeature([BlogSubscriber])],
  controllers: [NewsletterController, AdminSubscribersController, AdminNewslettersController],
  providers: [
    NewsletterService,
    NewsletterProgressService,
    SubscriberRepository,
    NewsletterSendRepository,
    NewsletterQueue,
  ],
  exports: [NewsletterService, SubscriberRepository, NewsletterSendRepository, NewsletterQueue],
})
export class NewsletterModule {}
