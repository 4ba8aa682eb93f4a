import { randomUUID } from 'node:crypto';
import type { APIRequestContext, BrowserContext, Route } from '@playwright/test';

/**
 * A stand-in for the backend's tus endpoints (POST /api/messages/{qrToken}/uploads, HEAD, PATCH
 * and DELETE /api/uploads/{id} with X-Owner-Key), answered in the browser context until the
 * backend serves them: it keeps the chunks and, on the last one, hands the whole file to the real
 * backend's upload (POST /api/messages/{qrToken}/video) and answers with its JSON, so the message
 * is really stored, transcoded and played. Every request is recorded for the tests to read.
 */
export interface TusStandIn {
  requests: { method: string; offset: number | null }[];
  /**
   * Called before a chunk is kept, with the share of the file the server would hold after it;
   * `drop` loses the chunk as a broken connection does.
   */
  beforeChunk: (before: number, after: number) => Promise<'drop' | 'keep'> | 'drop' | 'keep';
  /**
   * Milliseconds each chunk's answer waits: the browser hands an intercepted body over at once,
   * so a throttled uplink does not slow it; this keeps the progress on screen for a test to read.
   */
  answerDelayMs: number;
}

interface HeldUpload {
  qrToken: string;
  length: number;
  ownerKey: string;
  fileName: string;
  fileType: string;
  chunks: Buffer[];
  offset: number;
}

const TUS = { 'Tus-Resumable': '1.0.0' };

function metadataOf(header: string | undefined): Record<string, string> {
  return Object.fromEntries(
    (header ?? '')
      .split(',')
      .filter(Boolean)
      .map((pair) => {
        const [key, value = ''] = pair.trim().split(' ');
        return [key, Buffer.from(value, 'base64').toString('utf8')];
      }),
  );
}

export async function standInForTus(context: BrowserContext, api: APIRequestContext): Promise<TusStandIn> {
  const uploads = new Map<string, HeldUpload>();
  const standIn: TusStandIn = { requests: [], beforeChunk: () => 'keep', answerDelayMs: 0 };

  await context.route('**/api/messages/*/uploads', async (route: Route) => {
    const request = route.request();
    const qrToken = decodeURIComponent(new URL(request.url()).pathname.split('/')[3]);
    const headers = request.headers();
    standIn.requests.push({ method: 'POST', offset: null });
    const id = randomUUID();
    const metadata = metadataOf(headers['upload-metadata']);
    const ownerKey = randomUUID();
    uploads.set(id, {
      qrToken,
      length: Number(headers['upload-length']),
      ownerKey,
      fileName: metadata.filename ?? 'video',
      fileType: metadata.filetype ?? 'application/octet-stream',
      chunks: [],
      offset: 0,
    });
    await route.fulfill({ status: 201, headers: { ...TUS, Location: `/api/uploads/${id}`, 'X-Owner-Key': ownerKey } });
  });

  await context.route('**/api/uploads/*', async (route: Route) => {
    const request = route.request();
    const upload = uploads.get(new URL(request.url()).pathname.split('/')[3]);
    const method = request.method();
    const offsetHeader = request.headers()['upload-offset'];
    standIn.requests.push({ method, offset: offsetHeader === undefined ? null : Number(offsetHeader) });
    if (!upload) return route.fulfill({ status: 404, headers: TUS });
    if (request.headers()['x-owner-key'] !== upload.ownerKey) return route.fulfill({ status: 403, headers: TUS });

    if (method === 'HEAD') {
      return route.fulfill({
        status: 200,
        headers: { ...TUS, 'Upload-Offset': String(upload.offset), 'Upload-Length': String(upload.length) },
      });
    }
    if (method === 'DELETE') {
      uploads.delete(new URL(request.url()).pathname.split('/')[3]);
      return route.fulfill({ status: 204, headers: TUS });
    }
    if (Number(offsetHeader) !== upload.offset) return route.fulfill({ status: 409, headers: TUS });
    const chunk = request.postDataBuffer() ?? Buffer.alloc(0);
    const decision = await standIn.beforeChunk(
      upload.offset / upload.length,
      (upload.offset + chunk.length) / upload.length,
    );
    // The page may be gone by now (a reload): the request is then lost either way.
    if (decision === 'drop') return route.abort('internetdisconnected').catch(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, standIn.answerDelayMs));
    upload.chunks.push(chunk);
    upload.offset += chunk.length;
    if (upload.offset < upload.length) {
      return route.fulfill({ status: 204, headers: { ...TUS, 'Upload-Offset': String(upload.offset) } });
    }
    const sent = await api.post(`/api/messages/${encodeURIComponent(upload.qrToken)}/video`, {
      multipart: {
        video: { name: upload.fileName, mimeType: upload.fileType, buffer: Buffer.concat(upload.chunks) },
      },
      timeout: 120_000,
    });
    return route.fulfill({
      status: sent.status() === 201 ? 200 : sent.status(),
      headers: { ...TUS, 'Upload-Offset': String(upload.offset), 'Content-Type': 'application/json' },
      body: await sent.body(),
    });
  });

  return standIn;
}
