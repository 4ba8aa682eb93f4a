import { Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import type { Request, Response } from 'express';
import { errorMessage } from '../common/error-message';
import type { AvailableQrCode } from './qr-code';
import { QrService } from './qr.service';

export const HEARTBEAT_MS = 25_000;

/**
 * The /try page's live list over server-sent events. A snapshot is computed once per change and
 * the same bytes are written to every client, so thousands of clients cost one query.
 */
@Injectable()
export class AvailableStream implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger('AvailableStream');
  private readonly clients = new Set<Response>();
  private heartbeat?: NodeJS.Timeout;
  private unsubscribe?: () => void;

  constructor(private readonly qr: QrService) {}

  onModuleInit(): void {
    this.unsubscribe = this.qr.onAvailableChange((codes) => this.broadcast(codes));
    this.heartbeat = setInterval(() => this.writeAll(': heartbeat\n\n'), HEARTBEAT_MS);
    this.heartbeat.unref();
  }

  onModuleDestroy(): void {
    clearInterval(this.heartbeat);
    this.unsubscribe?.();
    for (const client of this.clients) client.end();
    this.clients.clear();
  }

  get size(): number {
    return this.clients.size;
  }

  async attach(request: Request, response: Response): Promise<void> {
    response.status(200);
    response.setHeader('Content-Type', 'text/event-stream; charset=utf-8');
    response.setHeader('Cache-Control', 'no-cache, no-transform');
    response.setHeader('Connection', 'keep-alive');
    response.setHeader('X-Accel-Buffering', 'no');
    response.flushHeaders();
    request.socket.setNoDelay(true);
    request.socket.setTimeout(0);
    this.clients.add(response);
    request.on('close', () => this.clients.delete(response));
    try {
      response.write('retry: 3000\n\n' + snapshotEvent(await this.qr.available()));
    } catch (error) {
      this.logger.error(`first snapshot failed: ${errorMessage(error)}`);
    }
  }

  private broadcast(codes: AvailableQrCode[]): void {
    this.writeAll(snapshotEvent(codes));
  }

  private writeAll(chunk: string): void {
    for (const client of this.clients) {
      if (!client.writableEnded) client.write(chunk);
    }
  }
}

export function snapshotEvent(codes: AvailableQrCode[]): string {
  return `event: snapshot\ndata: ${JSON.stringify(codes)}\n\n`;
}
