import { type DynamicModule, Module } from '@nestjs/common';
import { ScheduleModule } from '@nestjs/schedule';
import { AdminAuthModule } from './admin-auth/admin-auth.module';
import { BlogModule } from './blog/blog.module';
import type { AppConfig } from './config/app-config';
import { ConfigModule } from './config/config.module';
import { CommonModule } from './common/common.module';
import { ContactModule } from './contact/contact.module';
import { DatabaseModule } from './database/database.module';
import { HealthModule } from './health/health.module';
import { MailModule } from './mail/mail.module';
import { NewsletterModule } from './newsletter/newsletter.module';
import { QrModule } from './qr/qr.module';
import { StorageModule } from './storage/storage.module';
import { TestimonialModule } from './testimonial/testimonial.module';
import { VideoModule } from './video/video.module';

@Module({})
export class AppModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot(config),
        ScheduleModule.forRoot(),
        CommonModule,
        DatabaseModule,
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
      ],
    };
  }
}
