import type { LogLevel } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { createApp } from './app.factory';
import { HTTP_TIMEOUTS } from './common/http-timeouts';
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
  http.keepAliveTimeout = HTTP_TIMEOUTS.keepAliveMs;
  http.headersTimeout = HTTP_TIMEOUTS.headersMs;
  http.requestTimeout = HTTP_TIMEOUTS.requestMs;
  await app.listen(env.PORT, host);
  const address = app.getHttpServer().address();
  const port = typeof address === 'object' && address ? address.port : env.PORT;
  return { app, url: `http://localhost:${port}` };
}
