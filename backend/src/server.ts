import { type IncomingMessage, type ServerResponse, STATUS_CODES } from 'node:http';
import type { Server } from 'node:net';
import type { Duplex } from 'node:stream';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { createApp } from './app.factory';
import { HTTP_TIMEOUTS } from './common/http-timeouts';
import { translate } from './common/messages';
import { appConfig } from './config/app-config';
import type { Env } from './config/config.schema';
import { runMigrations, waitForMigrations } from './database/data-source';
import { Draining } from './common/draining';
import { createLogger } from './logging/logger';
import { Metrics, serveMetrics } from './metrics/metrics';

const connectionsWithRequests = new WeakSet<Duplex>();

/**
 * Requests Node refuses before any handler sees them (headers too large, a request line that is
 * not HTTP, the request timeout) get the API's JSON error too, in Korean: their headers are not
 * to be trusted for the language.
 */
function answerMalformedRequest(error: Error & { code?: string }, socket: Duplex): void {
  // After a request on this connection (whose answer may be under way), garbage only closes it.
  if (socket.writableEnded) return;
  if (!socket.writable || error.code === 'ECONNRESET' || connectionsWithRequests.has(socket)) {
    return void socket.destroy();
  }
  const status = error.code === 'HPE_HEADER_OVERFLOW' ? 431 : error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
  const key = status === 431 ? 'error.headersTooLarge' : status === 408 ? 'error.requestTimeout' : 'error.badRequest';
  const body = JSON.stringify({ statusCode: status, error: translate(key, 'ko') });
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n${body}`,
  );
}

export interface RunningServer {
  app: NestExpressApplication;
  url: string;
  /** Prometheus's endpoint, on METRICS_PORT. */
  metricsUrl: string;
}

/**
 * MIGRATIONS=apply: applies pending migrations (replicas take turns). MIGRATIONS=check: waits, not
 * listening, until another process (the migrate entry) has applied every migration this build knows,
 * so that an orchestrator sends it nothing before.
 */
async function migrate(env: Env): Promise<void> {
  if (env.MIGRATIONS === 'apply') {
    await runMigrations(env);
    return;
  }
  const logger = createLogger(env).child({ context: 'Migrations' });
  await waitForMigrations(env, (missing) =>
    logger.warn(
      `MIGRATIONS=check: the database lacks ${missing.join(', ')}; waiting for the migrate entry (node backend/dist/database/migrate.js) to apply them`,
    ),
  );
}

/** Applies migrations or waits for them (MIGRATIONS), then serves on PORT (0 picks a free port). */
export async function startServer(env: Env, host = '0.0.0.0'): Promise<RunningServer> {
  await migrate(env);
  const app = await createApp(appConfig(env));
  const http = app.getHttpServer();
  http.keepAliveTimeout = HTTP_TIMEOUTS.keepAliveMs;
  http.headersTimeout = HTTP_TIMEOUTS.headersMs;
  http.requestTimeout = HTTP_TIMEOUTS.requestMs;
  http.timeout = HTTP_TIMEOUTS.idleMs;
  http.on('request', (request: IncomingMessage, response: ServerResponse) => {
    connectionsWithRequests.add(request.socket);
    // Stopping: a connection that kept alive past its last answer would hold the process open.
    response.on('finish', () => {
      if (!http.listening) setImmediate(() => http.closeIdleConnections());
    });
  });
  http.on('clientError', answerMalformedRequest);
  await app.listen(env.PORT, host);
  const metrics = await serveMetrics(app.get(Metrics), env.METRICS_PORT, host);
  http.once('close', () => metrics.close());
  return {
    app,
    url: `http://localhost:${portOf(http, env.PORT)}`,
    metricsUrl: `http://localhost:${portOf(metrics, env.METRICS_PORT)}/metrics`,
  };
}

function portOf(server: Server, asked: number): number {
  const address = server.address();
  return typeof address === 'object' && address ? address.port : asked;
}

/**
 * SIGTERM (an orchestrator's stop, a rolling update) or SIGINT: drain first (readiness answers
 * 503, no connection is kept, the live list's streams end), then close as Nest does: the jobs hand
 * their leases back, the requests under way (an upload) finish, the database closes. Then the
 * signal is raised again, so the process ends as the signal's own.
 */
export function stopOnSignals(app: NestExpressApplication): void {
  const signals = ['SIGTERM', 'SIGINT'] as const;
  const stop = (signal: NodeJS.Signals) => {
    for (const other of signals) process.removeListener(other, stop);
    app.get(Draining).start();
    void app.close().finally(() => process.kill(process.pid, signal));
  };
  for (const signal of signals) process.on(signal, stop);
}
