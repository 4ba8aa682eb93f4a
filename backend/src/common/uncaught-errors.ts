import type { Logger } from 'pino';

/** How long the log may take to reach its destination before the process exits all the same. */
export const FLUSH_DEADLINE_MS = 3000;

type FatalLogger = Pick<Logger, 'fatal' | 'flush'>;

/**
 * What to do with an error that escaped every handler: write it (level fatal, with its stack),
 * flush what the logger still holds, then `exit(1)`; after FLUSH_DEADLINE_MS without the flush
 * done, exit all the same. Only the first error counts: the process is ending.
 */
export function fatalErrorHandler(
  logger: FatalLogger,
  exit: (code: number) => void,
): (what: string, error: unknown) => void {
  let exiting = false;
  return (what, error) => {
    if (exiting) return;
    exiting = true;
    const deadline = setTimeout(() => exit(1), FLUSH_DEADLINE_MS);
    const exitNow = () => {
      clearTimeout(deadline);
      exit(1);
    };
    try {
      logger.fatal({ err: error, context: 'Process' }, what);
      logger.flush(exitNow);
    } catch {
      exitNow();
    }
  };
}

/**
 * Ends the process, status 1, on an error that escaped every handler, once `logger` has written
 * it. Such an error leaves the process in a state nobody knows (a lease held, a transaction or a
 * stream half done), so it must not go on serving: the supervisor (compose's restart policy, the
 * orchestrator) starts a fresh one, and work cut off resumes there (the queue's leases, the purge's
 * repairs). An unhandled rejection is treated alike, as Node itself treats one by default: every
 * request and background job here handles its own failures, so a rejection nobody awaited is a bug
 * that left its work just as unknown. Before the app's logger exists, Node's own handler does the
 * same, to standard error.
 */
export function exitOnUncaughtErrors(logger: FatalLogger): void {
  const fail = fatalErrorHandler(logger, (code) => process.exit(code));
  process.on('uncaughtException', (error) => fail('uncaught exception: the process exits', error));
  process.on('unhandledRejection', (reason) => fail('unhandled rejection: the process exits', reason));
}
