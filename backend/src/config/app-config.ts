import type { Env } from './config.schema';

/** The parsed configuration, injected wherever a setting is needed (never process.env). */
export abstract class AppConfig {
  abstract readonly env: Readonly<Env>;
}

export function appConfig(env: Env): AppConfig {
  return { env: Object.freeze({ ...env }) };
}
