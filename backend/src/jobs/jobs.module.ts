import { Global, Module } from '@nestjs/common';
import { ScheduleModule } from '@nestjs/schedule';
import { NewsletterModule } from '../newsletter/newsletter.module';
import { PurgeUnconfirmedJob } from '../newsletter/purge-unconfirmed.job';
import { SendNewsletterJob } from '../newsletter/send-newsletter.job';
import { TranscodeJob } from '../video/transcode.job';
import { VideoModule } from '../video/video.module';

/**
 * The background work, loaded only by the roles that run it (ROLE=all or worker): the transcoder
 * and the newsletter sender, which poll their queues in the database, and the schedule that runs
 * the purge. Global, so that a service that queues work can wake the job in its own process; where
 * ROLE=web there is none, and a worker takes the work on its next poll.
 */
@Global()
@Module({
  imports: [ScheduleModule.forRoot(), VideoModule, NewsletterModule],
  providers: [TranscodeJob, SendNewsletterJob, PurgeUnconfirmedJob],
  exports: [TranscodeJob, SendNewsletterJob, PurgeUnconfirmedJob],
})
export class JobsModule {}
