const REDACTED = '[Redacted]';

/** Path segments that grant access by being known: QR tokens, and a video's id (a resumable upload's too). */
const CAPABILITY_PATHS = [
  /^(\/api\/messages\/)[^/]+/,
  /^(\/api\/qr\/)(?!available(?:\/|$))[^/]+/,
  /^(\/api\/videos\/)[^/]+/,
  /^(\/api\/uploads\/)[^/]+/,
  /^(\/v\/)[^/]+/,
];

/** The request's address as logged: QR tokens, video ids and the unsubscribe token masked. */
export function loggedUrl(url: string): string {
  const query = url.indexOf('?');
  let path = (query < 0 ? url : url.slice(0, query)).replace(/^[a-z][a-z0-9+.-]*:\/\/[^/]*/i, '');
  for (const pattern of CAPABILITY_PATHS) path = path.replace(pattern, `$1${REDACTED}`);
  const search = query < 0 ? '' : url.slice(query).replace(/([?&]token=)[^&]*/gi, `$1${REDACTED}`);
  return path + search;
}
