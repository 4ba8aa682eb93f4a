import { isDatabaseUnavailable, isFirestoreUnavailable, isStorageError, isStorageUnavailable } from './outage';

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

/** An error as Firestore's client throws it: gRPC's numeric status, the service's details, metadata. */
function grpcError(code: number, details: string): Error {
  return Object.assign(new Error(`${code} ${details}`), { code, details, metadata: {} });
}

describe('errors of Firestore (the QR store)', () => {
  it('calls Firestore unavailable when it is unreachable, answers too late or is over its quota', () => {
    expect(isFirestoreUnavailable(grpcError(14, 'No connection established'))).toBe(true);
    expect(isFirestoreUnavailable(grpcError(4, 'Deadline exceeded after 20.000s'))).toBe(true);
    expect(isFirestoreUnavailable(grpcError(8, 'Quota exceeded.'))).toBe(true);
  });

  it('does not for a refusal of the request, a contention, or an error of another kind', () => {
    expect(isFirestoreUnavailable(grpcError(6, 'Document already exists'))).toBe(false);
    expect(isFirestoreUnavailable(grpcError(9, 'The query requires an index'))).toBe(false);
    expect(isFirestoreUnavailable(grpcError(7, 'Missing or insufficient permissions.'))).toBe(false);
    expect(isFirestoreUnavailable(grpcError(10, 'Transaction aborted'))).toBe(false);
    expect(isFirestoreUnavailable(Object.assign(new Error('connect'), { code: 'ECONNREFUSED' }))).toBe(false);
    expect(isFirestoreUnavailable(Object.assign(new Error('status'), { code: 14 }))).toBe(false);
    expect(isFirestoreUnavailable(undefined)).toBe(false);
  });

  it('is not taken for a database outage', () => {
    expect(isDatabaseUnavailable(grpcError(14, 'No connection established'))).toBe(false);
  });
});
