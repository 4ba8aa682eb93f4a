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
  /** Messages whose DATA answer is held: the client waits, nothing counts as accepted yet. */
  private readonly held: (() => void)[] = [];
  private acceptLimit = Infinity;
  private readonly refusals = new Map<string, { responseCode: number; times: number }>();

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
              const envelopeTo = session.envelope.rcptTo.map((r) => r.address);
              const refusal = envelopeTo.map((address) => this.refusals.get(address)).find(Boolean);
              if (refusal && refusal.times > 0) {
                refusal.times -= 1;
                return callback(
                  Object.assign(new Error('Refused by the test sink'), { responseCode: refusal.responseCode }),
                );
              }
              const accept = () => {
                this.mails.push({
                  ...email,
                  envelopeTo,
                  header: (name) => email.headers.find((h) => h.key === name.toLowerCase())?.value,
                });
                callback();
              };
              if (this.mails.length >= this.acceptLimit) this.held.push(accept);
              else accept();
            })
            .catch(callback);
        });
      },
    });
    // A client that dies mid-session (a killed backend) resets its connection: not the sink's failure.
    this.server.on('error', () => undefined);
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

  /** Accepts messages until `count` are kept in all, then holds every further DATA answer. */
  holdAfter(count: number): void {
    this.acceptLimit = count;
  }

  /** How many messages wait for their DATA answer. */
  get heldCount(): number {
    return this.held.length;
  }

  /** Answers every held message (250, kept) and stops holding. */
  releaseHeld(): void {
    this.acceptLimit = Infinity;
    this.held.splice(0).forEach((accept) => accept());
  }

  /** Forgets the held messages unanswered, as when their client died waiting; stops holding. */
  dropHeld(): number {
    this.acceptLimit = Infinity;
    return this.held.splice(0).length;
  }

  /** Refuses the next `times` messages to `address` with this SMTP reply code (4xx temporary, 5xx final). */
  refuse(address: string, responseCode: number, times = Infinity): void {
    this.refusals.set(address, { responseCode, times });
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
