import { createServer, type Server } from 'node:http';
import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { DataSource } from 'typeorm';
import { errorMessage } from '../common/error-message';
import { AppConfig } from '../config/app-config';

/** The pg pool under TypeORM's PostgreSQL driver, as far as the pool gauge reads it. */
interface PoolCounts {
  totalCount: number;
  idleCount: number;
  waitingCount: number;
}

/** Every figure is labelled by what it is, never by whom: no token, id or address is ever a label. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];
const TRANSCODE_BUCKETS = [1, 2, 5, 10, 20, 30, 60, 120, 300, 600];

/**
 * The process's Prometheus figures (prom-client, a registry of its own per application): requests
 * by route pattern, uploads, transcodes, the purge, newsletter sends, the live list's streams, the
 * database pool, and Node's own (event-loop delay, memory). Figures read from the database (the
 * queue, the purge's lag) are the same in every process; dashboards take their maximum.
 */
@Injectable()
export class Metrics {
  readonly registry = new Registry();
  private readonly logger = new Logger('Metrics');
  private streams: () => number = () => 0;

  readonly httpRequests = new Counter({
    name: 'giftcast_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [this.registry],
  });

  readonly httpDuration = new Histogram({
    name: 'giftcast_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method, route pattern and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [this.registry],
  });

  readonly uploads = new Counter({
    name: 'giftcast_uploads_total',
    help: 'Video uploads by outcome: accepted, or the HTTP status they were refused with',
    labelNames: ['outcome'] as const,
    registers: [this.registry],
  });

  readonly uploadBytes = new Counter({
    name: 'giftcast_upload_bytes_total',
    help: 'Bytes of accepted video uploads',
    registers: [this.registry],
  });

  readonly transcodeDuration = new Histogram({
    name: 'giftcast_transcode_duration_seconds',
    help: 'Time from claiming a transcode job to its end, by outcome',
    labelNames: ['outcome'] as const,
    buckets: TRANSCODE_BUCKETS,
    registers: [this.registry],
  });

  readonly transcodeFailures = new Counter({
    name: 'giftcast_transcode_failures_total',
    help: 'Transcode attempts that did not end ready, by what happened to the job',
    labelNames: ['reason'] as const,
    registers: [this.registry],
  });

  readonly purgeDeleted = new Counter({
    name: 'giftcast_purge_deleted_total',
    help: 'What the purge deleted or repaired, by kind (expired messages with their objects, orphan objects, …)',
    labelNames: ['kind'] as const,
    registers: [this.registry],
  });

  readonly newsletterSends = new Counter({
    name: 'giftcast_newsletter_sends_total',
    help: 'Newsletter mails by outcome: sent, skipped (unsubscribed meanwhile), retry, failed',
    labelNames: ['outcome'] as const,
    registers: [this.registry],
  });

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    { env }: AppConfig,
  ) {
    collectDefaultMetrics({ register: this.registry });
    const retentionDays = env.VIDEO_RETENTION_DAYS;
    this.databaseGauge(
      'giftcast_transcode_queue_depth',
      'Uploads waiting for or in a transcode',
      `SELECT count(*)::int AS value FROM video_messages WHERE state = 'processing'`,
    );
    this.databaseGauge(
      'giftcast_transcode_oldest_job_age_seconds',
      'Age of the oldest upload waiting for or in a transcode (0 when there is none)',
      `SELECT coalesce(extract(epoch FROM now() - min(created_at)), 0)::float AS value
         FROM video_messages WHERE state = 'processing'`,
    );
    this.databaseGauge(
      'giftcast_purge_lag_seconds',
      'How long the oldest message past VIDEO_RETENTION_DAYS has been kept beyond it (0 when none is)',
      `SELECT coalesce(extract(epoch FROM now() - min(created_at) - make_interval(days => ${retentionDays})), 0)::float
              AS value
         FROM video_messages WHERE created_at <= now() - make_interval(days => ${retentionDays})`,
    );
    const metrics = this as Metrics;
    new Gauge({
      name: 'giftcast_sse_streams_open',
      help: "Open streams of the /try page's live list in this process",
      registers: [this.registry],
      collect(this: Gauge) {
        this.set(metrics.streams());
      },
    });
    new Gauge({
      name: 'giftcast_database_pool_connections',
      help: "The database pool's connections by state (total, idle) and requests waiting for one",
      labelNames: ['state'] as const,
      registers: [this.registry],
      collect(this: Gauge<'state'>) {
        const pool = (metrics.db.driver as unknown as { master?: PoolCounts }).master;
        if (!pool) return;
        this.set({ state: 'total' }, pool.totalCount);
        this.set({ state: 'idle' }, pool.idleCount);
        this.set({ state: 'waiting' }, pool.waitingCount);
      },
    });
  }

  /** The live list's open streams, counted by whoever holds them. */
  countStreamsWith(count: () => number): void {
    this.streams = count;
  }

  /** The figures in Prometheus's text format. */
  async text(): Promise<{ contentType: string; body: string }> {
    return { contentType: this.registry.contentType, body: await this.registry.metrics() };
  }

  /** A gauge read from the database when scraped; left out of the scrape while the database does not answer. */
  private databaseGauge(name: string, help: string, query: string): void {
    const { db, logger } = this;
    new Gauge({
      name,
      help,
      registers: [this.registry],
      async collect(this: Gauge) {
        try {
          const [row] = await db.query<{ value: number }[]>(query);
          this.set(Number(row.value));
        } catch (error) {
          this.reset();
          logger.warn(`${name}: ${errorMessage(error)}`);
        }
      },
    });
  }
}

/**
 * The metrics endpoint, GET /metrics on a port of its own (METRICS_PORT): never behind nginx, for
 * Prometheus on the private network. Anything else is a 404.
 */
export async function serveMetrics(metrics: Metrics, port: number, host: string): Promise<Server> {
  const server = createServer((request, response) => {
    if (request.method !== 'GET' || request.url?.split('?')[0] !== '/metrics') {
      response.writeHead(404, { 'Content-Type': 'text/plain' }).end('not found\n');
      return;
    }
    metrics.text().then(
      ({ contentType, body }) => response.writeHead(200, { 'Content-Type': contentType }).end(body),
      (error: unknown) => response.writeHead(500, { 'Content-Type': 'text/plain' }).end(`${errorMessage(error)}\n`),
    );
  });
  await new Promise<void>((listening, failed) => {
    server.once('error', failed);
    server.listen(port, host, () => {
      server.off('error', failed);
      listening();
    });
  });
  return server;
}
