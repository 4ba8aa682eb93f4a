import { type ArgumentsHost, ForbiddenException, Logger, NotFoundException } from '@nestjs/common';
import express, { type Request } from 'express';
import { QueryFailedError } from 'typeorm';
import { HttpExceptionFilter, RetryLaterException } from './http-exception.filter';
import { ValidationFailedException } from './validation';

interface Answer {
  status?: number;
  body?: unknown;
  headers: Record<string, string>;
  ended: boolean;
}

/** Runs the filter on an exception for a request with these headers; returns what it answered. */
function answer(exception: unknown, requestHeaders: Record<string, string> = {}, headersSent = false): Answer {
  const request = Object.assign(Object.create(express.request) as Request, {
    method: 'GET',
    originalUrl: '/api/anything',
    headers: requestHeaders,
  });
  const result: Answer = {
    headers: { 'content-type': 'image/png', 'cache-control': 'public, max-age=31536000' },
    ended: false,
  };
  const response = {
    headersSent,
    setHeader: (name: string, value: string) => (result.headers[name.toLowerCase()] = value),
    removeHeader: (name: string) => delete result.headers[name.toLowerCase()],
    status(code: number) {
      result.status = code;
      return this;
    },
    json(body: unknown) {
      result.body = body;
      result.ended = true;
    },
    end: () => (result.ended = true),
  };
  const host = {
    switchToHttp: () => ({ getRequest: () => request, getResponse: () => response }),
  } as unknown as ArgumentsHost;
  new HttpExceptionFilter().catch(exception, host);
  return result;
}

function postgresError(code: string, message: string): QueryFailedError {
  return new QueryFailedError(
    'SELECT * FROM "blog_posts" WHERE "slug" = $1',
    ['x'],
    Object.assign(new Error(message), { code }),
  );
}

describe('HttpExceptionFilter', () => {
  beforeAll(() => jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined));
  afterAll(() => jest.restoreAllMocks());

  it('answers an unexpected error with 500 and a generic message, leaking nothing', () => {
    const result = answer(new Error('connect ECONNREFUSED 10.0.0.5:5432 password=hunter2'));
    expect(result.status).toBe(500);
    expect(result.body).toEqual({ statusCode: 500, error: '일시적인 오류가 발생했습니다. 잠시 후 다시 시도해주세요' });
  });

  it('never shows SQL: a database failure is a generic 500', () => {
    const result = answer(postgresError('42P01', 'relation "blog_posts" does not exist'));
    expect(result.status).toBe(500);
    expect(JSON.stringify(result.body)).not.toMatch(/SELECT|blog_posts|relation/);
  });

  it('answers text PostgreSQL cannot store (a NUL character) with 400, not 500', () => {
    const result = answer(postgresError('22021', 'invalid byte sequence for encoding "UTF8": 0x00'));
    expect(result).toMatchObject({ status: 400, body: { statusCode: 400, error: '잘못된 요청입니다' } });
  });

  it('translates validation details into the request language', () => {
    const exception = new ValidationFailedException([{ field: 'slug', message: 'slug.required' }]);
    expect(answer(exception).body).toEqual({
      statusCode: 400,
      error: '입력값을 확인해주세요',
      details: [{ field: 'slug', message: 'URL 슬러그를 입력해주세요' }],
    });
    expect(answer(exception, { 'accept-language': 'en-US,en;q=0.9' }).body).toEqual({
      statusCode: 400,
      error: 'Please check your input',
      details: [{ field: 'slug', message: 'Please enter a URL slug' }],
    });
  });

  it('sets Retry-After for a 429', () => {
    const result = answer(new RetryLaterException('error.auth.tooManyAttempts', 42));
    expect(result.status).toBe(429);
    expect(result.headers['retry-after']).toBe('42');
  });

  it.each([
    ['entity.too.large', 413, 413, '요청 본문이 너무 큽니다'],
    ['entity.parse.failed', 400, 400, '요청 본문이 올바른 JSON이 아닙니다'],
    ['charset.unsupported', 415, 415, '지원하지 않는 요청 형식입니다'],
    ['stream.not.readable', 500, 500, '일시적인 오류가 발생했습니다. 잠시 후 다시 시도해주세요'],
  ])('maps the body parser error %s to %i', (type, status, expected, message) => {
    const result = answer(Object.assign(new Error('raw parser text'), { type, status }));
    expect(result).toMatchObject({ status: expected, body: { statusCode: expected, error: message } });
  });

  it("replaces a library's own text with the status's generic message", () => {
    expect(answer(new NotFoundException('Cannot find thing #12 in table x')).body).toEqual({
      statusCode: 404,
      error: '요청한 항목을 찾을 수 없습니다',
    });
    expect(answer(new ForbiddenException('internal detail')).body).toEqual({
      statusCode: 403,
      error: expect.not.stringContaining('internal detail'),
    });
  });

  it("drops the route's success headers: JSON, not cacheable", () => {
    const result = answer(new NotFoundException('error.qr.notFound'));
    expect(result.headers['content-type']).toBeUndefined();
    expect(result.headers['cache-control']).toBe('no-store');
    expect(result.body).toEqual({ statusCode: 404, error: 'QR 코드를 찾을 수 없습니다' });
  });

  it('only ends a response whose headers are already sent', () => {
    const result = answer(new Error('stream broke'), {}, true);
    expect(result.ended).toBe(true);
    expect(result.status).toBeUndefined();
    expect(result.body).toBeUndefined();
  });
});
