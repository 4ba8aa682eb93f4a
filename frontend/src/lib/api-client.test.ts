import type { QueryFunctionContext } from '@tanstack/react-query';
import { fakeResponse, jsonResponse, mockFetch } from '../test/fake-fetch';
import { apiRequest, errorMessage, getQueryFn } from './api-client';
import { changeLanguage } from './i18n';

const queryContext = (queryKey: readonly unknown[]) =>
  ({ queryKey, signal: new AbortController().signal, meta: undefined }) as unknown as QueryFunctionContext;

let fetchMock: ReturnType<typeof mockFetch>;

beforeEach(async () => {
  fetchMock = mockFetch();
  await changeLanguage('ko');
});

describe('apiRequest', () => {
  it('sends data as a JSON body with a JSON content type, and credentials', async () => {
    fetchMock.mockResolvedValue(jsonResponse(201, { success: true }));

    const res = await apiRequest('POST', '/api/subscribe', { email: 'a@b.co' });

    expect(res.status).toBe(201);
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/subscribe');
    expect(init).toMatchObject({
      method: 'POST',
      body: JSON.stringify({ email: 'a@b.co' }),
      credentials: 'include',
    });
    expect(init?.headers).toMatchObject({ 'Content-Type': 'application/json' });
  });

  it('sends neither body nor content type without data, but still credentials', async () => {
    fetchMock.mockResolvedValue(fakeResponse(204));

    await apiRequest('DELETE', '/api/posts/1');

    const init = fetchMock.mock.calls[0][1];
    expect(init?.body).toBeUndefined();
    expect(init?.headers).not.toHaveProperty('Content-Type');
    expect(init?.credentials).toBe('include');
  });

  it('sends the active language as Accept-Language', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, {}));
    await apiRequest('POST', '/api/contact', {});
    await changeLanguage('en');
    await apiRequest('POST', '/api/contact', {});

    expect(fetchMock.mock.calls[0][1]?.headers).toMatchObject({ 'Accept-Language': 'ko' });
    expect(fetchMock.mock.calls[1][1]?.headers).toMatchObject({ 'Accept-Language': 'en' });
  });

  it('throws "<status>: <body>" when the answer is not OK', async () => {
    fetchMock.mockResolvedValue(fakeResponse(400, '{"statusCode":400,"error":"bad email"}', 'Bad Request'));

    await expect(apiRequest('POST', '/api/subscribe', { email: 'x' })).rejects.toThrow(
      '400: {"statusCode":400,"error":"bad email"}',
    );
  });

  it('falls back to the status text when the error body is empty', async () => {
    fetchMock.mockResolvedValue(fakeResponse(502, '', 'Bad Gateway'));

    await expect(apiRequest('POST', '/api/contact', {})).rejects.toThrow('502: Bad Gateway');
  });
});

describe('getQueryFn', () => {
  it('GETs the query key joined with slashes, with credentials, and parses JSON', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, { slug: 'hello' }));

    const data = await getQueryFn({ on401: 'throw' })(queryContext(['/api/posts/slug', 'hello']));

    expect(data).toEqual({ slug: 'hello' });
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/posts/slug/hello');
    expect(init?.credentials).toBe('include');
    expect(init?.method ?? 'GET').toBe('GET');
  });

  it('returns null on 401 when told to', async () => {
    fetchMock.mockResolvedValue(fakeResponse(401, '{"error":"no"}', 'Unauthorized'));

    await expect(getQueryFn({ on401: 'returnNull' })(queryContext(['/api/posts']))).resolves.toBeNull();
  });

  it('throws on 401 by default', async () => {
    fetchMock.mockResolvedValue(fakeResponse(401, '', 'Unauthorized'));

    await expect(getQueryFn({ on401: 'throw' })(queryContext(['/api/posts']))).rejects.toThrow(
      '401: Unauthorized',
    );
  });

  it('throws on other failures even when 401 returns null', async () => {
    fetchMock.mockResolvedValue(fakeResponse(500, 'boom', 'Internal Server Error'));

    await expect(getQueryFn({ on401: 'returnNull' })(queryContext(['/api/posts']))).rejects.toThrow(
      '500: boom',
    );
  });
});

describe('errorMessage', () => {
  it("takes the backend's error field from the error body", () => {
    const error = new Error('409: {"statusCode":409,"error":"Slug already exists"}');
    expect(errorMessage(error)).toBe('Slug already exists');
  });

  it('is undefined when the body is not JSON, has no error field, or is not a request error', () => {
    expect(errorMessage(new Error('502: Bad Gateway'))).toBeUndefined();
    expect(errorMessage(new Error('400: {"statusCode":400}'))).toBeUndefined();
    expect(errorMessage(new Error('Failed to fetch'))).toBeUndefined();
    expect(errorMessage('not an error')).toBeUndefined();
  });
});
