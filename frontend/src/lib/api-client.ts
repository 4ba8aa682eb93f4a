import createClient, { type Middleware } from 'openapi-fetch';
import type { components, paths } from '@giftcast/contract/api-schema';
import { currentLanguage } from './i18n';

/** The bodies the API takes and answers with, as its OpenAPI document describes them. */
export type ApiSchemas = components['schemas'];

export type FieldError = ApiSchemas['FieldErrorBody'];

type ErrorBody = ApiSchemas['ErrorBody'];

const isFieldError = (value: unknown): value is FieldError =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as FieldError).field === 'string' &&
  typeof (value as FieldError).message === 'string';

/** The contract's error body, or undefined for anything else (a proxy's HTML page, plain text). */
function parseErrorBody(text: string): ErrorBody | undefined {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof body !== 'object' || body === null) return undefined;
  const { statusCode, error, details } = body as Partial<Record<keyof ErrorBody, unknown>>;
  if (typeof error !== 'string' || error.trim() === '') return undefined;
  return {
    statusCode: typeof statusCode === 'number' ? statusCode : 0,
    error,
    details: Array.isArray(details) ? details.filter(isFieldError) : undefined,
  };
}

/** A call the server answered with an error status (4xx, 5xx). */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  /**
   * The contract's `error`: the server's message, in the language the request asked for; the
   * status text when the answer was not the API's own (a proxy's error page).
   */
  readonly error: string;
  /** The server's message for each invalid field of a 400. */
  readonly details?: FieldError[];
  /** Whether `error` is the API's message, written for the visitor (not a status text). */
  readonly fromApi: boolean;

  constructor(
    readonly status: number,
    statusText: string,
    body: string,
  ) {
    const parsed = parseErrorBody(body);
    const error = parsed?.error ?? (statusText || `HTTP ${status}`);
    super(`${status}: ${error}`);
    this.error = error;
    this.details = parsed?.details;
    this.fromApi = parsed !== undefined;
  }
}

/**
 * What every call shares: the visitor's language, in which the server writes its messages, and an
 * ApiError thrown for any error status, so that callers only ever see data.
 */
const contract: Middleware = {
  onRequest({ request }) {
    request.headers.set('Accept-Language', currentLanguage());
  },
  async onResponse({ response }) {
    if (!response.ok) throw new ApiError(response.status, response.statusText, await response.text());
  },
};

/** The one client of the API, public and admin calls alike (admin calls add their bearer token). */
export const api = createClient<paths>({
  credentials: 'include',
  // Looked up on each call, as a plain fetch() call would be, not kept from when this module loaded.
  fetch: (request) => globalThis.fetch(request),
});
api.use(contract);

/** The data of a call; a failed call has thrown its ApiError before this. */
export async function dataOf<T>(call: Promise<{ data?: T }>): Promise<T> {
  const { data } = await call;
  return data as T;
}

/** Whether `error` is a call the server answered with one of these statuses. */
export function hasStatus(error: unknown, ...statuses: number[]): error is ApiError {
  return error instanceof ApiError && statuses.includes(error.status);
}

/**
 * The server's message about a failed call, to show as it is; undefined when it sent none. A call
 * refused for one field shows that field's message (the spec's validation text, such as "enter a
 * valid email address") rather than the general "check your input".
 */
export function errorMessage(error: unknown): string | undefined {
  if (!(error instanceof ApiError) || !error.fromApi) return undefined;
  return error.details?.length === 1 ? error.details[0].message : error.error;
}
