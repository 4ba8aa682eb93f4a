import type { BrowserContext, Route } from '@playwright/test';

/**
 * Watches the page's tus requests to the backend (POST /api/messages/{qrToken}/uploads, then HEAD,
 * PATCH and DELETE /api/uploads/{id}) on their way, and lets a test lose a chunk as a broken
 * connection does; every other request goes on to the backend as it was.
 */
export interface TusWatch {
  requests: { method: string; offset: number | null }[];
  /**
   * Called before a chunk goes on, with the share of the file the server holds before and would
   * hold after it; `drop` loses the chunk as a broken connection does.
   */
  beforeChunk: (before: number, after: number) => Promise<'drop' | 'keep'> | 'drop' | 'keep';
  /** While set, the upload's HEAD and PATCH requests are answered 503 as the backend does in an outage. */
  outage: boolean;
}

/** The backend's answer while its storage or database is away. */
const OUTAGE_ANSWER = { statusCode: 503, error: 'Video storage cannot be reached right now.' };

export async function watchTus(context: BrowserContext, fileBytes: number): Promise<TusWatch> {
  const watch: TusWatch = { requests: [], beforeChunk: () => 'keep', outage: false };

  await context.route('**/api/messages/*/uploads', async (route: Route) => {
    watch.requests.push({ method: route.request().method(), offset: null });
    await route.continue();
  });

  await context.route('**/api/uploads/*', async (route: Route) => {
    const request = route.request();
    const offsetHeader = request.headers()['upload-offset'];
    const offset = offsetHeader === undefined ? null : Number(offsetHeader);
    watch.requests.push({ method: request.method(), offset });
    if (watch.outage && request.method() !== 'DELETE') {
      await route.fulfill({ status: 503, json: OUTAGE_ANSWER }).catch(() => undefined);
      return;
    }
    if (request.method() === 'PATCH' && offset !== null) {
      const bytes = request.postDataBuffer()?.length ?? 0;
      if ((await watch.beforeChunk(offset / fileBytes, (offset + bytes) / fileBytes)) === 'drop') {
        // The page may be gone by now (a reload): the request is lost either way.
        await route.abort('connectionfailed').catch(() => undefined);
        return;
      }
    }
    await route.continue();
  });

  return watch;
}
