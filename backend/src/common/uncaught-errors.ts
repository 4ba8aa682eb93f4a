import { Logger } from '@nestjs/common';

/**
 * Logs what escaped every handler instead of letting Node exit: one bad request or job must not
 * take every other visitor's upload down with it. What lands here is a bug to fix.
 */
export function logUncaughtErrors(): void {
  const logger = new Logger('Process');
  const describe = (error: unknown) => (error instanceof Error ? (error.stack ?? error.message) : String(error));
  process.on('unhandledRejection', (reason) => logger.error(`unhandled rejection: ${describe(reason)}`));
  process.on('uncaughtException', (error) => logger.error(`uncaught exception: ${describe(error)}`));
}
