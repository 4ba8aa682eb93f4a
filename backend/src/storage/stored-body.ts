import type { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/**
 * `pipeline` for a body read from storage into the streams it feeds, whose failure ends the body
 * itself. Node's pipeline ends a client response through its request (`req.abort()`), which does
 * nothing once that request has closed: a store that sent every byte and closed its connection,
 * some of them still unread. The pipeline would then wait for that body for good.
 */
export async function pipeStored(
  body: Readable,
  streams: readonly Writable[],
  options: { signal?: AbortSignal } = {},
): Promise<void> {
  for (const stream of streams) stream.on('error', (error) => body.destroy(error));
  await pipeline([body, ...streams], options);
}
