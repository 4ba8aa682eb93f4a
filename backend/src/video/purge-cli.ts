import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { AppModule } from '../app.module';
import { appConfig } from '../config/app-config';
import { ConfigError, parseConfig } from '../config/config.schema';
import { loadDotenv } from '../config/dotenv';
import { PurgeExpiredJob } from './purge-expired.job';

/**
 * `npm run purge -w backend [-- --now=2026-12-01T00:00:00Z]`: one purge run now, as the schedule
 * would do it (expired messages, stale uploads, orphan objects, old inquiries).
 */
async function main(): Promise<void> {
  loadDotenv();
  const { env } = parseConfig(process.env);
  const nowArg = process.argv.find((arg) => arg.startsWith('--now='));
  const now = nowArg ? new Date(nowArg.slice('--now='.length)) : new Date();
  if (Number.isNaN(now.getTime())) throw new Error(`not a date: ${nowArg}`);
  // As ROLE=web: no transcoding or newsletter polling in a process that purges once and exits;
  // and no pages, which need an HTTP server.
  const config = appConfig({ ...env, ROLE: 'web', WEB_ROOT: undefined });
  const app = await NestFactory.createApplicationContext(AppModule.forRoot(config), {
    logger: ['error'],
  });
  try {
    console.log(JSON.stringify(await app.get(PurgeExpiredJob).run(now)));
  } finally {
    await app.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
