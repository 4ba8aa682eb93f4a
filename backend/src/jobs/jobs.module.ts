import { Global, Module } from '@nestjs/common';
import { NewsletterModule } from '../newsletter/newsletter.module';
import { PurgeUnconfirmedJob } from '../newsletter/purge-unconfirmed.job';
import { SendNewsletterJob } from '../newsletter/send-newsletter.job';
import { TranscodeJob } from '../video/transcode.job';
import { VideoModule } from '../video/video.module';

/**
 * The background work loaded only by the roles that run it (ROLE=all or worker): the transcoder
 * and the newsletter sender, the handlers of queues on the job runner that every role sends to
 * (declared by their features in every role, so that any replica queues an upload's transcode or a
 * publication's mails), and the sweep of unconfirmed subscriptions (on the job runner's schedule).
 * Global, so that a service that queues work can wake the job in its own process; where ROLE=web
 * there is none, and a worker takes the work on its next poll. The purge and the admin-token
 * clean-up live in their features and run on the runner too.
 */
@Global()
@Module({
  imports: [VideoModule, NewsletterModule],
  providers: [TranscodeJob, SendNewsletterJob, PurgeUnconfirmedJob],
  exports: [TranscodeJob, SendNewsletterJob, PurgeUnconfirmedJob],
})
export class JobsModule {}
