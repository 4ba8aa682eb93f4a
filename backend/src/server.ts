import { type IncomingMessage, type ServerResponse, STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { createApp } from './app.factory';
import { HTTP_TIMEOUTS } from './common/http-timeouts';
import { translate } from './common/messages';
import { appConfig } from './config/app-config';
import type { Env } from './config/config.schema';
import { runMigrations, waitForMigrations } from './database/data-source';
import { createLogger } from './logging/logger';

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
  const address = app.getHttpServer().address();
  const port = typeof address === 'object' && address ? address.port : env.PORT;
  return { app, url: `http://localhost:${port}` };
}
