import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AdminSubscribersController } from './admin-subscribers.controller';
import { BlogSubscriber } from './blog-subscriber.entity';
import { NewsletterController } from './newsletter.controller';
import { NewsletterService } from './newsletter.service';

@Module({
  imports: [TypeOrmModule.forFeature([BlogSubscriber])],
  controllers: [NewsletterController, AdminSubscribersController],
  providers: [NewsletterService],
  exports: [NewsletterService],
})
export class NewsletterModule {}
