import { HttpStatus, Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import type { Request, Response } from 'express';
import { errorMessage } from '../common/error-message';
import { RetryLaterException } from '../common/http-exception.filter';
import { AppConfig } from '../config/app-config';
import { Draining } from '../common/draining';
import { Metrics } from '../metrics/metrics';
import type { AvailableQrCode } from './qr-code';
import { QrService } from './qr.service';

export const HEARTBEAT_MS = 25_000;
/** How long a refused client is asked to wait; nginx's own refusal says the same. */
export const STREAM_RETRY_AFTER_SECONDS = 30;
/** A stream ends between this share of STREAM_LIFETIME_SECONDS and all of it, so reconnects spread. */
const SHORTEST_LIFETIME_SHARE = 0.75;
/** The browser reconnects after `retry:` milliseconds, drawn from this range for each stream. */
const RECONNECT_MS = { min: 2_000, max: 5_000 } as const;

/** A number drawn evenly from [min, max). */
const between = (min: number, max: number) => min + Math.random() * (max - min);

/**
 * The /try page's live list over server-sent events. A snapshot is computed once per change and
 * the same bytes are written to every client, so thousands of clients cost one query. Clients are
 * capped in all and per address (`req.ip`, so TRUST_PROXY decides who may name it); past a cap the
 * answer is 503 with Retry-After. Each stream ends after its lifetime and the browser reconnects
 * (its `retry:` field), so no connection is held for ever and a full server frees slots by itself.
 */
@Injectable()
export class AvailableStream implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger('AvailableStream');
  private readonly clients = new Set<Response>();
  private readonly perAddress = new Map<string, number>();
  private readonly maxClients: number;
  private readonly maxPerAddress: number;
  private readonly lifetimeMs: number;
  private heartbeat?: NodeJS.Timeout;
  private unsubscribe?: () => void;

  constructor(
    private readonly qr: QrService,
    { env }: AppConfig,
    private readonly draining: Draining,
    metrics: Metrics,
  ) {
    metrics.countStreamsWith(() => this.clients.size);
    // Stopping: each browser reconnects (its `retry:`), through nginx to a replica that stays.
    draining.onStart(() => this.endAll());
    this.maxClients = env.STREAM_MAX_CLIENTS;
    this.maxPerAddress = env.STREAM_MAX_PER_ADDRESS;
    this.lifetimeMs = env.STREAM_LIFETIME_SECONDS * 1000;
  }

  onModuleInit(): void {
    this.unsubscribe = this.qr.onAvailableChange((codes) => this.broadcast(codes));
    this.heartbeat = setInterval(() => this.writeAll(': heartbeat\n\n'), HEARTBEAT_MS);
    this.heartbeat.unref();
  }

  onModuleDestroy(): void {
    clearInterval(this.heartbeat);
    this.unsubscribe?.();
    this.endAll();
  }

  private endAll(): void {
    for (const client of this.clients) client.end();
    this.clients.clear();
    this.perAddress.clear();
  }

  get size(): number {
    return this.clients.size;
  }

  /** Serves the stream, or throws a 503 before anything is written when a cap is reached. */
  async attach(request: Request, response: Response): Promise<void> {
    // A stopping replica takes no new stream: nginx asks the next one (proxy_next_upstream http_503).
    if (this.draining.active) {
      throw new RetryLaterException('error.qr.streamsFull', STREAM_RETRY_AFTER_SECONDS, HttpStatus.SERVICE_UNAVAILABLE);
    }
    const address = request.ip ?? '';
    const fromAddress = this.perAddress.get(address) ?? 0;
    if (this.clients.size >= this.maxClients || fromAddress >= this.maxPerAddress) {
      throw new RetryLaterException('error.qr.streamsFull', STREAM_RETRY_AFTER_SECONDS, HttpStatus.SERVICE_UNAVAILABLE);
    }
    this.clients.add(response);
    this.perAddress.set(address, fromAddress + 1);
    const lifetime = setTimeout(
      () => response.end(),
      between(SHORTEST_LIFETIME_SHARE * this.lifetimeMs, this.lifetimeMs),
    );
    lifetime.unref();
    response.once('close', () => {
      clearTimeout(lifetime);
      this.clients.delete(response);
      const left = (this.perAddress.get(address) ?? 1) - 1;
      if (left > 0) this.perAddress.set(address, left);
      else this.perAddress.delete(address);
    });

    response.status(200);
    response.setHeader('Content-Type', 'text/event-stream; charset=utf-8');
    response.setHeader('Cache-Control', 'no-cache, no-transform');
    response.setHeader('Connection', 'keep-alive');
    response.setHeader('X-Accel-Buffering', 'no');
    response.flushHeaders();
    request.socket.setNoDelay(true);
    request.socket.setTimeout(0);
    response.write(`retry: ${Math.round(between(RECONNECT_MS.min, RECONNECT_MS.max))}\n\n`);
    try {
      const codes = await this.qr.available();
      if (!response.writableEnded) response.write(snapshotEvent(codes));
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
