import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';

/** Less than what a response buffers unread, in a few pieces. */
export const OBJECT_BYTES = 40_000;
const PIECE_BYTES = 10_000;

/**
 * A store that answers every GET with the whole object, in pieces that arrive apart, and then
 * closes the connection, as moto does (and S3 now and then).
 */
export async function closingStore(): Promise<{ url: string; close: () => Promise<void> }> {
  const server: Server = createServer((_request, response) => {
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
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((closed) => server.close(() => closed())),
  };
}

/**
 * Until the store's answer has come whole and its connection is closed: the request is over, the
 * body (its bytes not all read) is not.
 */
export async function untilStoreClosed(body: { complete: boolean; socket: { destroyed: boolean } | null }) {
  while (!(body.complete && body.socket?.destroyed)) await sleep(5);
}
