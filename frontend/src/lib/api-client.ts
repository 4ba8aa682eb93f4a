import type { QueryFunction } from '@tanstack/react-query';
import { currentLanguage } from './i18n';

export type UnauthorizedBehavior = 'returnNull' | 'throw';

// The backend localises its messages (validation, errors) by Accept-Language.
function languageHeader(): Record<string, string> {
  return { 'Accept-Language': currentLanguage() };
}

async function throwIfResNotOk(res: Response): Promise<void> {
  if (res.ok) return;
  const text = (await res.text()) || res.statusText;
  throw new Error(`${res.status}: ${text}`);
}

/** Write helper: JSON body and content type only when there is data; cookies always. */
export async function apiRequest(method: string, url: string, data?: unknown): Promise<Response> {
  const hasBody = data !== undefined;
  const res = await fetch(url, {
    method,
    headers: hasBody
      ? { 'Content-Type': 'application/json', ...languageHeader() }
      : languageHeader(),
    body: hasBody ? JSON.stringify(data) : undefined,
    credentials: 'include',
  });
  await throwIfResNotOk(res);
  return res;
}

/** Read helper: GET the path made by joining the query key with '/'. */
export function getQueryFn<T>({ on401 }: { on401: UnauthorizedBehavior }): QueryFunction<T | null> {
  return async ({ queryKey }) => {
    const res = await fetch(queryKey.join('/'), {
      headers: languageHeader(),
      credentials: 'include',
    });
    if (on401 === 'returnNull' && res.status === 401) return null;
    await throwIfResNotOk(res);
    return (await res.json()) as T;
  };
}

/**
 * The human message of a failed call: the `error` field of the backend's JSON error body
 * (`{statusCode, error, details?}`), or undefined when there is none.
 */
export function errorMessage(err: unknown): string | undefined {
  if (!(err instanceof Error)) return undefined;
  const match = /^\d{3}: ([\s\S]*)$/.exec(err.message);
  if (!match) return undefined;
  try {
    const body: unknown = JSON.parse(match[1]);
    if (body && typeof body === 'object' && 'error' in body) {
      const { error } = body;
      if (typeof error === 'string' && error.trim() !== '') return error;
    }
  } catch {
    // Not JSON (an HTML error page from a proxy, plain text): no server message to show.
  }
  return undefined;
}
