import { fakeResponse, jsonResponse, mockFetch, sentRequest } from '../test/fake-fetch';
import { api, ApiError, dataOf, errorMessage, hasStatus } from './api-client';
import { changeLanguage } from './i18n';

let fetchMock: ReturnType<typeof mockFetch>;

beforeEach(async () => {
  fetchMock = mockFetch();
  await changeLanguage('ko');
});

/** The error a call rejects with. */
async function failureOf(call: Promise<unknown>): Promise<unknown> {
  try {
    await call;
  } catch (error) {
    return error;
  }
  throw new Error('the call did not fail');
}

describe('api', () => {
  it('sends a body as JSON with a JSON content type, and credentials', async () => {
    fetchMock.mockResolvedValue(jsonResponse(201, { success: true, message: 'ok' }));

    const answer = await dataOf(api.POST('/api/subscribe', { body: { email: 'a@b.co' } }));

    expect(answer).toEqual({ success: true, message: 'ok' });
    const sent = await sentRequest(fetchMock);
    expect(sent).toMatchObject({ method: 'POST', path: '/api/subscribe', credentials: 'include' });
    expect(sent.body).toEqual({ email: 'a@b.co' });
    expect(sent.headers.get('Content-Type')).toBe('application/json');
  });

  it('sends neither body nor content type without one, but still credentials', async () => {
    fetchMock.mockResolvedValue(fakeResponse(204));

    await api.DELETE('/api/posts/{id}', { params: { path: { id: '1' } } });

    const sent = await sentRequest(fetchMock);
    expect(sent).toMatchObject({ method: 'DELETE', path: '/api/posts/1', credentials: 'include', body: undefined });
    expect(sent.headers.has('Content-Type')).toBe(false);
  });

  it('writes path parameters encoded and query parameters into the address', async () => {
    fetchMock.mockImplementation(() => Promise.resolve(jsonResponse(200, [])));

    await api.GET('/api/posts/slug/{slug}', { params: { path: { slug: 'a/b c' } } });
    await api.GET('/api/posts', { params: { query: { published: 'true' } } });

    expect((await sentRequest(fetchMock, 0)).path).toBe('/api/posts/slug/a%2Fb%20c');
    expect((await sentRequest(fetchMock, 1)).path).toBe('/api/posts?published=true');
  });

  it('sends the active language as Accept-Language', async () => {
    fetchMock.mockImplementation(() => Promise.resolve(jsonResponse(201, { success: true, id: '1' })));
    const inquiry = { name: 'Kim', email: 'kim@example.com', message: 'Hello there' };
    await api.POST('/api/contact', { body: inquiry });
    await changeLanguage('en');
    await api.POST('/api/contact', { body: inquiry });

    expect((await sentRequest(fetchMock, 0)).headers.get('Accept-Language')).toBe('ko');
    expect((await sentRequest(fetchMock, 1)).headers.get('Accept-Language')).toBe('en');
  });

  it("adds a call's own headers: an admin call's bearer token", async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, { items: [], total: 0, page: 1, pageSize: 20 }));

    await api.GET('/api/admin/posts', { headers: { Authorization: 'Bearer token-1' } });

    const sent = await sentRequest(fetchMock);
    expect(sent.headers.get('Authorization')).toBe('Bearer token-1');
    expect(sent.headers.get('Accept-Language')).toBe('ko');
  });

  it("throws an ApiError with the status, the contract's error and its details", async () => {
    const body = {
      statusCode: 400,
      error: '입력값을 확인해주세요',
      details: [{ field: 'email', message: '올바른 이메일 주소를 입력해주세요' }],
    };
    fetchMock.mockResolvedValue(fakeResponse(400, JSON.stringify(body), 'Bad Request'));

    const error = await failureOf(api.POST('/api/subscribe', { body: { email: 'x' } }));

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, error: body.error, details: body.details, fromApi: true });
  });

  it('falls back to the status text when the error body is not JSON (a proxy page) or empty', async () => {
    fetchMock.mockResolvedValueOnce(fakeResponse(502, '<html><body>Bad Gateway</body></html>', 'Bad Gateway'));
    fetchMock.mockResolvedValueOnce(fakeResponse(503, '', 'Service Unavailable'));

    const proxyPage = await failureOf(api.GET('/api/testimonials/featured'));
    const empty = await failureOf(api.GET('/api/testimonials/featured'));

    expect(proxyPage).toMatchObject({ status: 502, error: 'Bad Gateway', details: undefined, fromApi: false });
    expect(empty).toMatchObject({ status: 503, error: 'Service Unavailable', fromApi: false });
  });

  it('names the status when there is no status text either (HTTP/2)', async () => {
    fetchMock.mockResolvedValue(fakeResponse(500, 'oops'));

    expect(await failureOf(api.GET('/api/testimonials/featured'))).toMatchObject({ status: 500, error: 'HTTP 500' });
  });

  it('lets a network failure through as it is', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));

    const error = await failureOf(api.GET('/api/testimonials/featured'));

    expect(error).toBeInstanceOf(TypeError);
    expect(error).not.toBeInstanceOf(ApiError);
  });
});

describe('ApiError', () => {
  it('keeps only well-formed details', () => {
    const body = JSON.stringify({
      statusCode: 400,
      error: 'Invalid',
      details: [{ field: 'a', message: 'm' }, { x: 1 }],
    });
    expect(new ApiError(400, 'Bad Request', body).details).toEqual([{ field: 'a', message: 'm' }]);
  });

  it("does not take a body without a readable error for the API's own", () => {
    expect(new ApiError(400, 'Bad Request', '{"statusCode":400}')).toMatchObject({
      error: 'Bad Request',
      fromApi: false,
    });
    expect(new ApiError(400, 'Bad Request', '{"error":"  "}')).toMatchObject({ error: 'Bad Request', fromApi: false });
    expect(new ApiError(400, 'Bad Request', '"just a string"')).toMatchObject({ fromApi: false });
  });
});

describe('hasStatus', () => {
  it('is true for a call answered with one of the statuses, false for another status or another error', () => {
    const conflict = new ApiError(409, 'Conflict', '');

    expect(hasStatus(conflict, 404, 409)).toBe(true);
    expect(hasStatus(conflict, 404)).toBe(false);
    expect(hasStatus(new Error('409: Conflict'), 409)).toBe(false);
    expect(hasStatus(undefined, 409)).toBe(false);
  });
});

describe('errorMessage', () => {
  it("is the API's error", () => {
    expect(errorMessage(new ApiError(409, 'Conflict', '{"statusCode":409,"error":"Slug already exists"}'))).toBe(
      'Slug already exists',
    );
  });

  it("is the field's own message when one field was refused, and the general one for several", () => {
    const refused = (fields: string[]) =>
      new ApiError(
        400,
        'Bad Request',
        JSON.stringify({
          statusCode: 400,
          error: '입력값을 확인해주세요',
          details: fields.map((field) => ({ field, message: `${field}: 다시 입력해주세요` })),
        }),
      );
    expect(errorMessage(refused(['email']))).toBe('email: 다시 입력해주세요');
    expect(errorMessage(refused(['name', 'email']))).toBe('입력값을 확인해주세요');
  });

  it('is undefined when the API sent no message, or the call never reached it', () => {
    expect(errorMessage(new ApiError(502, 'Bad Gateway', '<html></html>'))).toBeUndefined();
    expect(errorMessage(new TypeError('Failed to fetch'))).toBeUndefined();
    expect(errorMessage(new Error('409: {"error":"looks like one"}'))).toBeUndefined();
    expect(errorMessage('not an error')).toBeUndefined();
  });
});
