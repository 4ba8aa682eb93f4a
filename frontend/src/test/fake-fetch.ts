/** A Response the way the server would send it; an empty body is no body at all. */
export function fakeResponse(status: number, body = '', statusText = ''): Response {
  return new Response(body === '' ? null : body, { status, statusText });
}

export const jsonResponse = (status: number, data: unknown) =>
  new Response(JSON.stringify(data), { status, headers: { 'Content-Type': 'application/json' } });

export type FetchMock = jest.Mock<Promise<Response>, [RequestInfo | URL, RequestInit?]>;

/** Installs a jest mock as global fetch; each test queues its answers. */
export function mockFetch(): FetchMock {
  const fetchMock = jest.fn<Promise<Response>, [RequestInfo | URL, RequestInit?]>();
  globalThis.fetch = fetchMock;
  return fetchMock;
}

/** What the app sent in one fetch call, whether it passed a Request (the api client) or a URL. */
export interface SentRequest {
  method: string;
  url: URL;
  /** Path and query, as the app wrote them: `/api/posts?published=true`. */
  path: string;
  headers: Headers;
  credentials: RequestCredentials;
  /** The JSON body, if any. */
  body: unknown;
}

export async function readRequest(input: RequestInfo | URL, init?: RequestInit): Promise<SentRequest> {
  const request = input instanceof Request ? input.clone() : new Request(input, init);
  const url = new URL(request.url);
  const text = await request.text();
  return {
    method: request.method,
    url,
    path: url.pathname + url.search,
    headers: request.headers,
    credentials: request.credentials,
    body: text === '' ? undefined : JSON.parse(text),
  };
}

/** The request of the mock's call at `index` (negative counts from the last). */
export function sentRequest(fetchMock: FetchMock, index = 0): Promise<SentRequest> {
  const call = fetchMock.mock.calls.at(index);
  if (!call) throw new Error(`fetch was called ${fetchMock.mock.calls.length} times, no call ${index}`);
  return readRequest(...call);
}

/** The path and query of every call made so far. */
export const sentPaths = (fetchMock: FetchMock) =>
  fetchMock.mock.calls
    .map(([input]) => new URL(input instanceof Request ? input.url : String(input), location.href))
    .map((url) => url.pathname + url.search);
