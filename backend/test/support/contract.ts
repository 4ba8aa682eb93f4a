import type { Response } from 'supertest';

/** The contract's error body (DESIGN section 3): `{statusCode, error, details?}`, nothing else. */
export function expectContractError(response: Pick<Response, 'status' | 'body' | 'headers'>, status: number): void {
  expect(response.status).toBe(status);
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  const body = response.body as Record<string, unknown>;
  expect(body).toEqual({
    statusCode: status,
    error: expect.any(String),
    ...(body.details === undefined ? {} : { details: expect.any(Array) }),
  });
  expect(body.error).not.toBe('');
  for (const detail of (body.details as unknown[] | undefined) ?? []) {
    expect(detail).toEqual({ field: expect.any(String), message: expect.any(String) });
  }
}

/** The 400 of a request that failed validation: the generic title plus one message per field. */
export function validationError(details: { field: string; message: string }[], language: 'ko' | 'en' = 'ko') {
  return {
    statusCode: 400,
    error: language === 'ko' ? '입력값을 확인해주세요' : 'Please check your input',
    details,
  };
}
