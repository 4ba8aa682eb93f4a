/**
 * Whether a request's raw path decodes: every %-escape well formed and the bytes UTF-8. One that
 * does not (`/blog/%ZZ`, a cut-off `/blog/%E0%A4%A`) names no route, page or file.
 */
export function isDecodablePath(path: string): boolean {
  try {
    decodeURIComponent(path);
    return true;
  } catch {
    return false;
  }
}

/** Whether a request's path is the API's (`/api` or under `/api/`). */
export function isApiPath(path: string): boolean {
  return /^\/api(\/|$)/.test(path);
}
