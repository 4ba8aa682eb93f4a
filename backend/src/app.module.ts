import { type DynamicModule, Module } from '@nestjs/common';
import type { Logger } from 'pino';
import { AdminAuthModule } from './admin-auth/admin-auth.module';
import { BlogModule } from './blog/blog.module';
import type { AppConfig } from './config/app-config';
import { ConfigModule } from './config/config.module';
import { CommonModule } from './common/common.module';
import { ContactModule } from './contact/contact.module';
import { DatabaseModule } from './database/database.module';
import { HealthModule } from './health/health.module';
import { JobRunnerModule } from './jobs/job-runner.module';
import { JobsModule } from './jobs/jobs.module';
import { loggerModule } from './logging/request-logging';
import { MailModule } from './mail/mail.module';
import { MetricsModule } from './metrics/metrics.module';
import { NewsletterModule } from './newsletter/newsletter.module';
import { QrModule } from './qr/qr.module';
import { StorageModule } from './storage/storage.module';
import { TestimonialModule } from './testimonial/testimonial.module';
import { VideoModule } from './video/video.module';
import { WebModule } from './web/web.module';

@Module({})
export class AppModule {
  /** `logger`: the HTTP application's (Nest's Logger writes to it); scripts keep Nest's own. */
  static forRoot(config: AppConfig, logger?: Logger): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot(config),
        ...(logger ? [loggerModule(logger)] : []),
        ...(config.env.ROLE === 'web' ? [] : [JobsModule]),
        CommonModule,
        JobRunnerModule,
        DatabaseModule,
        MetricsModule,
        MailModule,
        StorageModule,
        AdminAuthModule,
        HealthModule,
        ContactModule,
        TestimonialModule,
        BlogModule,
        NewsletterModule,
        QrModule,
        VideoModule,
        // The pages, where this process serves HTTP and WEB_ROOT names a web build.
        ...(config.env.WEB_ROOT && config.env.ROLE !== 'worker' ? [WebModule] : []),
      ],
    };
  }
}
