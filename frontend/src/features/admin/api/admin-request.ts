import { currentLanguage } from '../../../lib/i18n';

/**
 * The shared helpers send no Authorization header; admin calls carry the bearer token. Failures
 * throw the same `"<status>: <body>"` error as the shared helpers, so `errorMessage` reads them.
 */
export async function adminRequest(
  token: string,
  method: string,
  url: string,
  data?: unknown,
): Promise<Response> {
  const hasBody = data !== undefined;
  const res = await fetch(url, {
    method,
    headers: {
      Authorization: `Bearer ${token}`,
      'Accept-Language': currentLanguage(),
      ...(hasBody ? { 'Content-Type': 'application/json' } : {}),
    },
    body: hasBody ? JSON.stringify(data) : undefined,
    credentials: 'include',
  });
  if (!res.ok) {
    const text = (await res.text()) || res.statusText;
    throw new Error(`${res.status}: ${text}`);
  }
  return res;
}

/** The HTTP status of a failed call, or undefined for a network error. */
export function errorStatus(err: unknown): number | undefined {
  if (!(err instanceof Error)) return undefined;
  const match = /^(\d{3}): /.exec(err.message);
  return match ? Number(match[1]) : undefined;
}

/** The token expired or was revoked: the admin must log in again. */
export const isUnauthorized = (err: unknown) => errorStatus(err) === 401;

export interface FieldError {
  field: string;
  message: string;
}

/** The per-field messages of a 400 answer (`details`), already in the request's language. */
export function errorDetails(err: unknown): FieldError[] {
  if (!(err instanceof Error)) return [];
  const match = /^\d{3}: ([\s\S]*)$/.exec(err.message);
  if (!match) return [];
  try {
    const body = JSON.parse(match[1]) as { details?: unknown };
    if (!Array.isArray(body.details)) return [];
    return body.details.filter(
      (d): d is FieldError =>
        !!d && typeof d === 'object' && typeof d.field === 'string' && typeof d.message === 'string',
    );
  } catch {
    return [];
  }
}

/** An admin call whose answer is JSON. */
export async function adminJson<T>(token: string, method: string, url: string, data?: unknown): Promise<T> {
  const res = await adminRequest(token, method, url, data);
  return (await res.json()) as T;
}
