import { parseEnv } from './env-schema';

/** Build-time configuration, validated once. */
export const env = parseEnv(import.meta.env);
