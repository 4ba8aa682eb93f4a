import { randomBytes } from 'node:crypto';
import type { Duplex } from 'node:stream';
import { FirestoreServer } from '@firestore-emulator/server';
import { freePort } from '../../src/local/free-port';

export interface FirestoreEmulator {
  /** host:port, for FIRESTORE_EMULATOR_HOST. */
  host: string;
  /** A project id nobody used yet: an empty database of its own. */
  newProjectId(): string;
  stop: () => void;
}

const LISTEN = '/google.firestore.v1.Firestore/Listen';

/**
 * A Firestore emulator (@firestore-emulator/server, pure Node, in this process) on a free port.
 * It speaks Firestore's gRPC API to firebase-admin and keeps every project in memory.
 */
export async function startFirestoreEmulator(): Promise<FirestoreEmulator> {
  const run = randomBytes(4).toString('hex');
  let projects = 0;
  for (let attempt = 1; ; attempt++) {
    const server = new FirestoreServer();
    endListensOnHalfClose(server);
    const port = await freePort();
    try {
      await server.start(port);
    } catch (error) {
      server.stop();
      if (attempt >= 5) throw error;
      continue; // someone took the port in between
    }
    return {
      host: `127.0.0.1:${port}`,
      newProjectId: () => `giftcast-test-${run}-${++projects}`,
      stop: () => server.stop(),
    };
  }
}

/**
 * When a client unsubscribes from onSnapshot it half-closes its Listen stream; Firestore then
 * ends the stream, the emulator never does. Such streams stay open until the emulator stops, and
 * their late error status reaches firebase-admin after jest has torn the test file down (where
 * it crashes the run). Ending the stream from the server side, as Firestore does, avoids that.
 */
function endListensOnHalfClose(server: FirestoreServer): void {
  const grpc = (server as unknown as { server?: { handlers?: Map<string, { func: (call: Duplex) => void }> } }).server;
  const handler = grpc?.handlers?.get(LISTEN);
  if (!handler) throw new Error('@firestore-emulator/server changed: no Listen handler to wrap');
  const listen = handler.func;
  handler.func = (call) => {
    call.once('end', () => call.end());
    listen(call);
  };
}
