import { type DestinationStream, type Logger, pino } from 'pino';
import type { Env } from '../config/config.schema';

/**
 * The one pino logger of the process. Production writes JSON lines (level names, ISO times, no
 * colour) for a log collector; elsewhere pino-pretty, a development dependency, makes the same
 * records readable in a terminal, and JSON is written where it is not installed.
 */
export function createLogger(env: Pick<Env, 'NODE_ENV' | 'LOG_LEVEL'>): Logger {
  const pretty = env.NODE_ENV === 'production' ? undefined : prettyStream();
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
