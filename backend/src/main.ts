import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { PinoLogger } from 'nestjs-pino';
import { exitOnUncaughtErrors } from './common/uncaught-errors';
import { ConfigError, parseConfig } from './config/config.schema';
import { loadDotenv } from './config/dotenv';
import { startServer, stopOnSignals } from './server';

/** The production entry (Docker): configuration from the environment, then serve. */
async function main(): Promise<void> {
  loadDotenv();
  const { env, generatedAdminPassword } = parseConfig(process.env);
  const { app, url, metricsUrl } = await startServer(env);
  stopOnSignals(app);
  exitOnUncaughtErrors(PinoLogger.root);
  const logger = new Logger('Main');
  logger.log(
    `Giftcast ${env.ROLE === 'all' ? 'API and jobs' : env.ROLE} listening on ${url} (public URL ${env.PUBLIC_URL}), metrics on ${metricsUrl}`,
  );
  if (generatedAdminPassword) {
    logger.log(`No ADMIN_PASSWORD set: this run's admin password is ${generatedAdminPassword}`);
  }
}

main().catch((error: unknown) => {
  // Before the logger exists (a bad setting) or after it failed: plain text for the operator.
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
