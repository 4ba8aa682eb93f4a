export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
  headers?: Record<string, string>;
}

/** Where mail goes: an SMTP server, or the outbox folder when none is configured. */
export abstract class MailTransport {
  abstract send(message: MailMessage & { from: string }): Promise<void>;
  abstract close(): Promise<void>;
}
