// zod/mini: the same validation as zod at a fraction of the size in the visitor's bundle.
import * as z from 'zod/mini';

/**
 * Prefixes of the build-time variables the client may see (vite `envPrefix`). The contact details
 * and the analytics id are not among them: the serving backend states them on the page
 * (src/lib/env.ts), so one build serves every operator.
 */
export const ENV_PREFIXES = ['VITE_', 'PUBLIC_URL', 'VIDEO_'];

export const envSchema = z.object({
  PUBLIC_URL: z.pipe(
    z._default(z.url({ protocol: /^https?$/ }), 'http://localhost:8080'),
    z.transform((url: string) => url.replace(/\/+$/, '')),
  ),
  // The backend's upload cap (same variable): a larger file is refused before any byte is sent.
  VIDEO_MAX_BYTES: z._default(z.coerce.number().check(z.int(), z.positive()), 104_857_600),
  // The backend's length cap (same variable): recording stops there, and a longer file is offered a trim.
  VIDEO_MAX_SECONDS: z._default(z.coerce.number().check(z.int(), z.positive()), 180),
  // The backend's retention (same variable): the days a code's page says a message is kept.
  VIDEO_RETENTION_DAYS: z._default(z.coerce.number().check(z.int(), z.positive()), 7),
});

export type Env = z.infer<typeof envSchema>;

export function parseEnv(source: Record<string, unknown>): Env {
  // An empty variable (`PUBLIC_URL=`) means "use the default", not "invalid".
  const trimmed = Object.fromEntries(
    Object.entries(source).map(([key, value]) => [key, typeof value === 'string' ? value.trim() || undefined : value]),
  );
  const result = envSchema.safeParse(trimmed);
  if (!result.success) {
    throw new Error(`Invalid frontend environment:\n${z.prettifyError(result.error)}`);
  }
  return result.data;
}
