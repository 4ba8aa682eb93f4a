import type { LogLevel } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { createApp } from './app.factory';
import { appConfig } from './config/app-config';
import type { Env } from './config/config.schema';
import { runMigrations } from './database/data-source';

export interface RunningServer {
  app: NestExpressApplication;
  url: string;
}

/** Applies migrations, then serves on PORT (0 picks a free port). */
export async function startServer(env: Env, host = '0.0.0.0', logger?: LogLevel[] | false): Promise<RunningServer> {
  await runMigrations(env);
  const app = await createApp(appConfig(env), { logger });
  const http = app.getHttpServer();
  // Outlive the idle timeout of proxies and clients that reuse connections (nginx, browsers):
  // otherwise both may close one at the same moment and a request is reset.
  http.keepAliveTimeout = 65_000;
  http.headersTimeout = 66_000;
  // A 100 MB video from a phone on a slow uplink takes minutes; Node's default cuts at 5.
  http.requestTimeout = 30 * 60_000;
  await app.listen(env.PORT, host);
  const address = app.getHttpServer().address();
  const port = typeof address === 'object' && address ? address.port : env.PORT;
  return { app, url: `http://localhost:${port}` };
}
