import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import { freePort } from './free-port';

export interface EmbeddedDatabase {
  url: string;
  stop: () => Promise<void>;
}

/**
 * PostgreSQL compiled to WebAssembly (PGlite), kept in `directory` and spoken to over the
 * ordinary wire protocol, so the app uses the same pg driver as in production. One connection.
 */
export async function startEmbeddedDatabase(directory: string): Promise<EmbeddedDatabase> {
  mkdirSync(directory, { recursive: true });
  const db = await PGlite.create(directory);
  const port = await freePort();
  const server = new PGLiteSocketServer({ db, host: '127.0.0.1', port, maxConnections: 1 });
  await server.start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    async stop() {
      await server.stop();
      await db.close();
    },
  };
}
