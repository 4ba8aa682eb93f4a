import type { Post } from '../../lib/post';
import { jsonResponse, mockFetch, readRequest } from '../../test/fake-fetch';
import { ADMIN_TOKEN_STORAGE_KEY } from './api/use-admin-session';

// Test support for the admin screens (imported only by *.test.tsx files).

export interface FakeCall {
  method: string;
  url: URL;
  body: unknown;
  headers: Headers;
}

type Handler = (call: FakeCall) => Response | Promise<Response>;

/**
 * Installs fetch answering `METHOD /path` (query string ignored for matching; handlers read it
 * from `call.url`). Any other call fails the test's request, and every call is recorded.
 */
export function fakeAdminApi(table: Record<string, Handler>) {
  const fetchMock = mockFetch();
  const calls: FakeCall[] = [];
  fetchMock.mockImplementation(async (input, init) => {
    const { method, url, body, headers } = await readRequest(input, init);
    const call: FakeCall = { method, url, body, headers };
    calls.push(call);
    const handler = table[`${method} ${url.pathname}`];
    if (!handler) throw new Error(`unexpected call ${method} ${url.pathname}`);
    return handler(call);
  });
  return {
    calls,
    callsTo: (method: string, pathname: string) =>
      calls.filter((call) => call.method === method && call.url.pathname === pathname),
  };
}

export const logInStored = (token = 'token-1') => localStorage.setItem(ADMIN_TOKEN_STORAGE_KEY, token);

/**
 * Answers an admin list as the API pages it: the slice of `items()` that the call's `page` and
 * `pageSize` ask for, with the total. `items` is read on every call, so a test can change it.
 */
export function pagedAnswer<T>(items: () => T[]): Handler {
  return ({ url }) => {
    const page = Number(url.searchParams.get('page') ?? 1);
    const pageSize = Number(url.searchParams.get('pageSize') ?? 50);
    const all = items();
    return jsonResponse(200, {
      items: all.slice((page - 1) * pageSize, page * pageSize),
      total: all.length,
      page,
      pageSize,
    });
  };
}

/** A published post valid for every rule, with English only in its title; `overrides` change it. */
export const fakePost = (overrides: Partial<Post> = {}): Post => ({
  id: 'p1',
  title: 'First post title',
  titleEn: 'First post in English',
  content: 'c'.repeat(60),
  contentEn: null,
  excerpt: 'An excerpt of twenty or more',
  excerptEn: null,
  thumbnailUrl: null,
  slug: 'first-post',
  published: true,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  ...overrides,
});
