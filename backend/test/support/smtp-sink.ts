import type { AddressInfo } from 'node:net';
import PostalMime, { type Email } from 'postal-mime';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail extends Email {
  /** Envelope recipients as the server saw them. */
  envelopeTo: string[];
  /** Header lookup by lower-case name. */
  header(name: string): string | undefined;
}

/** A real SMTP server that keeps every message it is handed, parsed. */
export class SmtpSink {
  readonly mails: ReceivedMail[] = [];
  private server?: SMTPServer;
  port = 0;

  async start(): Promise<this> {
    this.server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          PostalMime.parse(Buffer.concat(chunks))
            .then((email) => {
              this.mails.push({
                ...email,
                envelopeTo: session.envelope.rcptTo.map((r) => r.address),
                header: (name) => email.headers.find((h) => h.key === name.toLowerCase())?.value,
              });
              callback();
            })
            .catch(callback);
        });
      },
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.server.address() as AddressInfo).port;
    return this;
  }

  get url(): string {
    return `smtp://127.0.0.1:${this.port}`;
  }

  clear(): void {
    this.mails.length = 0;
  }

  async waitFor(predicate: (mail: ReceivedMail) => boolean, timeoutMs = 5000): Promise<ReceivedMail> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.mails.find(predicate);
      if (found) return found;
      if (Date.now() > deadline)
        throw new Error(`no matching mail within ${timeoutMs} ms (${this.mails.length} received)`);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}
