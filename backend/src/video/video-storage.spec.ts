import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import { appConfig } from '../config/app-config';
import { parseConfig } from '../config/config.schema';
import { StorageService } from '../storage/storage.service';
import { VideoStorage } from './video-storage';

/** Less than what a response buffers unread, in a few pieces. */
const OBJECT_BYTES = 40_000;
const PIECE_BYTES = 10_000;

/**
 * A store that answers every GET with the whole object, in pieces that arrive apart, and then
 * closes the connection, as moto does.
 */
function closingStore(): Promise<Server> {
  const server = createServer((_request, response) => {
    response.writeHead(200, {
      'Content-Type': 'video/webm',
      'Content-Length': String(OBJECT_BYTES),
      Connection: 'close',
    });
    void (async () => {
      for (let sent = 0; sent < OBJECT_BYTES; sent += PIECE_BYTES) {
        response.write(Buffer.alloc(Math.min(PIECE_BYTES, OBJECT_BYTES - sent), 7));
        await sleep(20);
      }
      response.end();
    })();
  });
  return new Promise((listening) => server.listen(0, '127.0.0.1', () => listening(server)));
}

describe('VideoStorage.read', () => {
  let store: Server;
  let storage: StorageService;
  let objects: VideoStorage;

  beforeAll(async () => {
    store = await closingStore();
    const { env } = parseConfig({
      DATABASE_URL: 'postgres://giftcast@localhost/giftcast',
      S3_ENDPOINT: `http://127.0.0.1:${(store.address() as AddressInfo).port}`,
      S3_ACCESS_KEY_ID: 'test-access-key',
      S3_SECRET_ACCESS_KEY: 'test-secret-key',
    });
    const config = appConfig(env);
    storage = new StorageService(config);
    objects = new VideoStorage(storage, config);
  });

  afterAll(async () => {
    storage.onApplicationShutdown();
    await new Promise((closed) => store.close(closed));
  });

  it("ends the body when the reader's signal aborts, after the store closed the connection with bytes unread", async () => {
    const reader = new AbortController();
    const { body } = await objects.read('videos/a/original', { signal: reader.signal });
    // A reader that takes the first bytes and never asks for more (ffprobe had read enough).
    const stalled = new Writable({ highWaterMark: 1, write: () => undefined });
    const piped = pipeline(body, stalled, { signal: reader.signal });

    // Every byte has come and the connection is closed: the request is over, the body is not.
    const response = body as IncomingMessage;
    while (!(response.complete && response.socket?.destroyed)) await sleep(5);
    expect(response.readableEnded).toBe(false);

    reader.abort();
    await expect(piped).rejects.toMatchObject({ name: 'AbortError' });
    expect(body.destroyed).toBe(true);
  });
});
