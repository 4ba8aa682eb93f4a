import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { Logger } from '@nestjs/common';
import { createTransport, type Transporter } from 'nodemailer';
import { type MailMessage, MailTransport } from './mail-transport';

/** Without SMTP: each message becomes an .eml file that any mail client opens. */
export class OutboxMailTransport extends MailTransport {
  private readonly logger = new Logger('Outbox');
  private readonly composer: Transporter;
  private readonly directory: string;

  constructor(directory: string) {
    super();
    this.directory = resolve(directory);
    this.composer = createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  }

  async send(message: MailMessage & { from: string }): Promise<void> {
    const info = (await this.composer.sendMail(message)) as { message: Buffer };
    await mkdir(this.directory, { recursive: true });
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    const file = join(this.directory, `${stamp}-${randomUUID().slice(0, 8)}.eml`);
    await writeFile(file, info.message);
    this.logger.log(`"${message.subject}" to ${message.to} -> ${file}`);
  }

  async close(): Promise<void> {}
}
