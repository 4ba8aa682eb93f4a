import { createServer as createHttpServer, type IncomingMessage, request as httpRequest, type Server } from 'node:http';
import { type AddressInfo, createConnection, createServer as createTcpServer, type Socket } from 'node:net';

function listen(server: Server | ReturnType<typeof createTcpServer>): Promise<number> {
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)));
}

/**
 * A TCP proxy in front of a real server (PostgreSQL, the S3 server) that can go down as an outage
 * would: every open connection is cut and new ones are refused until it comes back up.
 */
export class TcpOutage {
  private readonly sockets = new Set<Socket>();
  private readonly server = createTcpServer((client) => this.accept(client));
  private down = false;
  port = 0;

  constructor(
    private readonly targetHost: string,
    private readonly targetPort: number,
  ) {}

  async start(): Promise<this> {
    this.port = await listen(this.server);
    return this;
  }

  private accept(client: Socket): void {
    if (this.down) return void client.destroy();
    const upstream = createConnection(this.targetPort, this.targetHost);
    for (const socket of [client, upstream]) {
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
      socket.on('error', () => undefined);
    }
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
    client.pipe(upstream).pipe(client);
  }

  /**
   * Every open connection goes silent both ways without closing, as a network that drops it
   * without a word; new connections pass as before.
   */
  stallOpenConnections(): void {
    for (const socket of this.sockets) {
      socket.unpipe();
      socket.pause();
    }
  }

  /** Cuts every connection and refuses new ones. */
  goDown(): void {
    this.down = true;
    for (const socket of this.sockets) socket.destroy();
  }

  comeBack(): void {
    this.down = false;
  }

  stop(): Promise<void> {
    this.goDown();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

export interface S3Request {
  method: string;
  url: string;
}

/**
 * An HTTP proxy in front of the S3 server that records every request and fails the ones
 * `failing` picks with a 503 as an S3 server in trouble answers; it also notes each multipart
 * upload's id as the server hands it out. A storage server that hangs: the requests `swallowing`
 * picks are read and never answered, and those `stallingBody` picks get their answer's headers and
 * first bytes, then nothing more, the connection held open.
 */
export class S3FaultProxy {
  readonly requests: S3Request[] = [];
  readonly uploadIds: string[] = [];
  /** The requests swallowed or stalled so far. */
  readonly stalled: S3Request[] = [];
  failing: (request: S3Request) => boolean = () => false;
  swallowing: (request: S3Request) => boolean = () => false;
  stallingBody: (request: S3Request) => boolean = () => false;
  /** Picks requests to hold back, unanswered, until `letHeldGo()`: a storage server that is slow. */
  holding: (request: S3Request) => boolean = () => false;
  /** The requests held back so far. */
  readonly held: S3Request[] = [];
  private heldBack: (() => void)[] = [];
  private readonly server = createHttpServer((incoming, outgoing) => this.forward(incoming, outgoing));
  endpoint = '';

  constructor(private readonly target: string) {}

  async start(): Promise<this> {
    this.endpoint = `http://127.0.0.1:${await listen(this.server)}`;
    return this;
  }

  private forward(incoming: IncomingMessage, outgoing: import('node:http').ServerResponse): void {
    const seen = { method: incoming.method ?? 'GET', url: incoming.url ?? '/' };
    this.requests.push(seen);
    incoming.on('error', () => undefined);
    if (this.failing(seen)) {
      incoming.resume();
      outgoing.writeHead(503, { 'Content-Type': 'application/xml', Connection: 'close' });
      outgoing.end(
        '<?xml version="1.0" encoding="UTF-8"?><Error><Code>ServiceUnavailable</Code>' +
          '<Message>Please reduce your request rate.</Message></Error>',
      );
      return;
    }
    if (this.swallowing(seen)) {
      this.stalled.push(seen);
      incoming.resume();
      return;
    }
    if (this.holding(seen)) {
      this.held.push(seen);
      incoming.pause();
      this.heldBack.push(() => this.pass(incoming, outgoing, seen));
      return;
    }
    this.pass(incoming, outgoing, seen);
  }

  /** Forwards every request held back so far, and holds no more. */
  letHeldGo(): void {
    this.holding = () => false;
    for (const pass of this.heldBack.splice(0)) pass();
  }

  private pass(incoming: IncomingMessage, outgoing: import('node:http').ServerResponse, seen: S3Request): void {
    const stallBody = this.stallingBody(seen);
    if (stallBody) this.stalled.push(seen);
    const target = new URL(this.target);
    const upstream = httpRequest(
      {
        host: target.hostname,
        port: target.port,
        method: incoming.method,
        path: incoming.url,
        headers: incoming.headers,
      },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        if (stallBody) {
          answer.once('data', (chunk: Buffer) => {
            outgoing.write(chunk.subarray(0, Math.ceil(chunk.length / 2)));
            answer.destroy();
          });
          return;
        }
        if (seen.method === 'POST' && /[?&]uploads\b/.test(seen.url)) {
          const chunks: Buffer[] = [];
          answer.on('data', (chunk: Buffer) => chunks.push(chunk));
          answer.on('end', () => {
            const id = /<UploadId>([^<]+)<\/UploadId>/.exec(Buffer.concat(chunks).toString())?.[1];
            if (id) this.uploadIds.push(id);
          });
        }
        answer.pipe(outgoing);
      },
    );
    upstream.on('error', () => outgoing.destroy());
    incoming.pipe(upstream);
  }

  /** Requests that aborted the multipart upload `uploadId`. */
  abortsOf(uploadId: string): S3Request[] {
    return this.requests.filter((r) => r.method === 'DELETE' && r.url.includes(`uploadId=${uploadId}`));
  }

  stop(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}
