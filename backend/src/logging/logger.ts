import { type DestinationStream, type Logger, pino } from 'pino';
import type { Env } from '../config/config.schema';

/**
 * The one pino logger of the process. Production writes JSON lines (level names, ISO times, no
 * colour) for a log collector. Development in a terminal (`make run`) gets the same records as
 * readable lines through pino-pretty, a development dependency; output that goes to a pipe or a
 * file (tests, benchmarks) stays JSON, which costs less to write.
 */
export function createLogger(env: Pick<Env, 'NODE_ENV' | 'LOG_LEVEL'>): Logger {
  const pretty = env.NODE_ENV !== 'production' && process.stdout.isTTY ? prettyStream() : undefined;
  if (pretty) return pino({ level: env.LOG_LEVEL }, pretty);
  return pino({
    level: env.LOG_LEVEL,
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
  });
}

function prettyStream(): DestinationStream | undefined {
  let pretty: typeof import('pino-pretty');
  try {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- a development dependency, used where installed; the logger is made synchronously
    pretty = require('pino-pretty') as typeof import('pino-pretty');
  } catch {
    return undefined;
  }
  return pretty.build({
    sync: true,
    singleLine: true,
    translateTime: 'SYS:HH:MM:ss.l',
    ignore: 'pid,hostname,context,reqId,req,res,responseTime',
    messageFormat: '{if context}[{context}] {end}{msg}',
  });
}
