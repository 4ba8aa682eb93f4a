/** A Response the way the server would send it; an empty body is no body at all. */
export function fakeResponse(status: number, body = '', statusText = ''): Response {
  return new Response(body === '' ? null : body, { status, statusText });
}

export const jsonResponse = (status: number, data: unknown) =>
  new Response(JSON.stringify(data), { status, headers: { 'Content-Type': 'application/json' } });

/** The URL fetch was called with, whichever form it took. */
export const requestUrl = (input: RequestInfo | URL): string =>
  input instanceof Request ? input.url : input.toString();

/** Installs a jest mock as global fetch; each test queues its answers. */
export function mockFetch(): jest.Mock<Promise<Response>, [RequestInfo | URL, RequestInit?]> {
  const fetchMock = jest.fn<Promise<Response>, [RequestInfo | URL, RequestInit?]>();
  globalThis.fetch = fetchMock;
  return fetchMock;
}
