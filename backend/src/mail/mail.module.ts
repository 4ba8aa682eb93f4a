import { Global, Module } from '@nestjs/common';
import { AppConfig } from '../config/app-config';
import { MailService } from './mail.service';
import { MailTransport } from './mail-transport';
import { OutboxMailTransport } from './outbox-mail.transport';
import { SmtpMailTransport } from './smtp-mail.transport';

@Global()
@Module({
  providers: [
    {
      provide: MailTransport,
      inject: [AppConfig],
      useFactory: ({ env }: AppConfig): MailTransport =>
        env.SMTP_URL
          ? new SmtpMailTransport(env.SMTP_URL, env.NEWSLETTER_SMTP_CONNECTIONS)
          : new OutboxMailTransport(env.OUTBOX_DIR),
    },
    MailService,
  ],
  exports: [MailService],
})
export class MailModule {}
