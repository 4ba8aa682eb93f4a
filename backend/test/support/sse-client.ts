import { get, type IncomingMessage } from 'node:http';

export interface SseEvent {
  event: string;
  data: string;
  receivedAt: number;
}

/** A minimal server-sent-events reader over a real HTTP connection. */
export class SseClient {
  readonly events: SseEvent[] = [];
  comments = 0;
  /** The `retry:` values the server sent (milliseconds before the browser reconnects). */
  readonly retries: number[] = [];
  /** The whole body of an answer that is not a stream (an error). */
  body = '';
  /** Resolves when the server ends the answer (a stream past its lifetime, an error's body). */
  readonly ended: Promise<void>;
  private markEnded!: () => void;
  private response?: IncomingMessage;
  private buffer = '';

  private constructor() {
    this.ended = new Promise((done) => (this.markEnded = done));
  }

  static connect(url: string, headers: Record<string, string> = {}): Promise<SseClient> {
    const client = new SseClient();
    return new Promise((resolve, reject) => {
      const request = get(url, { headers: { Accept: 'text/event-stream', ...headers } }, (response) => {
        client.response = response;
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          client.body += chunk;
          client.feed(chunk);
        });
        response.on('end', () => client.markEnded());
        resolve(client);
      });
      request.on('error', reject);
    });
  }

  get status(): number {
    return this.response!.statusCode!;
  }

  get headers(): IncomingMessage['headers'] {
    return this.response!.headers;
  }

  private feed(chunk: string): void {
    this.buffer += chunk;
    let end: number;
    while ((end = this.buffer.indexOf('\n\n')) >= 0) {
      const block = this.buffer.slice(0, end);
      this.buffer = this.buffer.slice(end + 2);
      let event = 'message';
      const data: string[] = [];
      for (const line of block.split('\n')) {
        if (line.startsWith(':')) this.comments += 1;
        else if (line.startsWith('retry: ')) this.retries.push(Number(line.slice(7)));
        else if (line.startsWith('event: ')) event = line.slice(7);
        else if (line.startsWith('data: ')) data.push(line.slice(6));
      }
      if (data.length) this.events.push({ event, data: data.join('\n'), receivedAt: Date.now() });
    }
  }

  snapshots<T = unknown>(): T[] {
    return this.events.filter((e) => e.event === 'snapshot').map((e) => JSON.parse(e.data) as T);
  }

  /** Waits for a snapshot, after the first `after` ones, that satisfies `predicate`. */
  async waitForSnapshot<T>(predicate: (data: T) => boolean, after = 0, timeoutMs = 5000): Promise<T> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.snapshots<T>().slice(after).find(predicate);
      if (found !== undefined) return found;
      if (Date.now() > deadline) throw new Error(`no matching snapshot within ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  close(): void {
    this.response?.destroy();
  }
}
