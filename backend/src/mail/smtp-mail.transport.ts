import { createTransport, type Transporter } from 'nodemailer';
import { type MailMessage, MailTransport } from './mail-transport';

/**
 * A pool of at most `maxConnections` SMTP connections, reused from message to message: a
 * newsletter to thousands does not open a connection per mail, and the odd welcome or inquiry
 * mail simply waits for the next free connection.
 */
export class SmtpMailTransport extends MailTransport {
  private readonly transporter: Transporter;

  constructor(smtpUrl: string, maxConnections: number) {
    super();
    this.transporter = createTransport({
      url: smtpUrl,
      pool: true,
      maxConnections,
      // Bounded, so a stalled server fails a send (to be retried) well within the newsletter's lease.
      connectionTimeout: 30_000,
      greetingTimeout: 30_000,
      socketTimeout: 60_000,
    });
  }

  async send(message: MailMessage & { from: string }): Promise<void> {
    await this.transporter.sendMail(message);
  }

  close(): Promise<void> {
    this.transporter.close();
    return Promise.resolve();
  }
}
