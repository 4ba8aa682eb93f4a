import { createTransport, type Transporter } from 'nodemailer';
import { type MailMessage, MailTransport } from './mail-transport';

export class SmtpMailTransport extends MailTransport {
  private readonly transporter: Transporter;

  constructor(smtpUrl: string) {
    super();
    this.transporter = createTransport(smtpUrl);
  }

  async send(message: MailMessage & { from: string }): Promise<void> {
    await this.transporter.sendMail(message);
  }

  async close(): Promise<void> {
    this.transporter.close();
  }
}
