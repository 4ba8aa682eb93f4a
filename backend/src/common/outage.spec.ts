import { isStorageError, isStorageUnavailable } from './outage';

/** An error as the S3 client throws it once its retries are spent: the store's answer in `$metadata`. */
function s3Error(httpStatusCode: number | undefined, name = 'ServiceUnavailable'): Error {
  return Object.assign(new Error(name), { name, $metadata: { httpStatusCode, attempts: 3 } });
}

describe('errors of the object store', () => {
  it('takes what the store answered, and its connection failing, for the store’s error', () => {
    expect(isStorageError(s3Error(503))).toBe(true);
    expect(isStorageError(s3Error(403, 'AccessDenied'))).toBe(true);
    expect(isStorageError(Object.assign(new Error('connect'), { code: 'ECONNREFUSED' }))).toBe(true);
  });

  it('does not take a body stream given up, or a request the caller aborted, for the store’s error', () => {
    const prematureClose = Object.assign(new Error('Premature close'), { code: 'ERR_STREAM_PREMATURE_CLOSE' });
    expect(isStorageError(prematureClose)).toBe(false);
    expect(isStorageError(Object.assign(new Error('Upload aborted.'), { name: 'AbortError' }))).toBe(false);
    expect(isStorageError(Object.assign(s3Error(undefined, 'AbortError')))).toBe(false);
    expect(isStorageError(undefined)).toBe(false);
  });

  it('calls the store unavailable for its server errors and lost connections, not for a refusal', () => {
    expect(isStorageUnavailable(s3Error(503))).toBe(true);
    expect(isStorageUnavailable(s3Error(403, 'AccessDenied'))).toBe(false);
  });
});
