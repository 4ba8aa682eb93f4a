import { Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { AppConfig } from '../config/app-config';
import { type MailMessage, MailTransport } from './mail-transport';

@Injectable()
export class MailService implements OnApplicationShutdown {
  constructor(
    private readonly transport: MailTransport,
    private readonly config: AppConfig,
  ) {}

  send(message: MailMessage): Promise<void> {
    return this.transport.send({ from: this.config.env.MAIL_FROM, ...message });
  }

  async onApplicationShutdown(): Promise<void> {
    await this.transport.close();
  }
}
