import type { IncomingMessage } from 'node:http';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { closingStore, untilStoreClosed } from '../../test/support/closing-store';
import { appConfig } from '../config/app-config';
import { parseConfig } from '../config/config.schema';
import { StorageService } from '../storage/storage.service';
import { VideoStorage } from './video-storage';

describe('VideoStorage.read', () => {
  let store: Awaited<ReturnType<typeof closingStore>>;
  let storage: StorageService;
  let objects: VideoStorage;

  beforeAll(async () => {
    store = await closingStore();
    const { env } = parseConfig({
      DATABASE_URL: 'postgres://giftcast@localhost/giftcast',
      S3_ENDPOINT: store.url,
      S3_ACCESS_KEY_ID: 'test-access-key',
      S3_SECRET_ACCESS_KEY: 'test-secret-key',
    });
    const config = appConfig(env);
    storage = new StorageService(config);
    objects = new VideoStorage(storage, config);
  });

  afterAll(async () => {
    storage.onApplicationShutdown();
    await store.close();
  });

  it("ends the body when the reader's signal aborts, after the store closed the connection with bytes unread", async () => {
    const reader = new AbortController();
    const { body } = await objects.read('videos/a/original', { signal: reader.signal });
    // A reader that takes the first bytes and never asks for more (ffprobe had read enough).
    const stalled = new Writable({ highWaterMark: 1, write: () => undefined });
    const piped = pipeline(body, stalled, { signal: reader.signal });

    await untilStoreClosed(body as IncomingMessage);
    expect(body.readableEnded).toBe(false);

    reader.abort();
    await expect(piped).rejects.toMatchObject({ name: 'AbortError' });
    expect(body.destroyed).toBe(true);
  });
});
