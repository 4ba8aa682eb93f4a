import { mkdirSync } from 'node:fs';
import S3rver from 's3rver';
import { freePort } from './free-port';

export interface EmbeddedStorage {
  endpoint: string;
  accessKeyId: string;
  secretAccessKey: string;
  stop: () => Promise<void>;
}

/**
 * An S3-compatible server on loopback with its objects under `directory`. s3rver knows one key
 * pair of its own; `secretAccessKey` (the tests of production settings, which refuse that one) is
 * accepted instead by telling it not to check signatures.
 */
export async function startEmbeddedStorage(
  directory: string,
  bucket: string,
  { secretAccessKey }: { secretAccessKey?: string } = {},
): Promise<EmbeddedStorage> {
  mkdirSync(directory, { recursive: true });
  const port = await freePort();
  const server = new S3rver({
    address: '127.0.0.1',
    port,
    directory,
    silent: true,
    allowMismatchedSignatures: secretAccessKey !== undefined,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  await server.run();
  return {
    endpoint: `http://127.0.0.1:${port}`,
    accessKeyId: 'S3RVER',
    secretAccessKey: secretAccessKey ?? 'S3RVER',
    stop: () => server.close(),
  };
}
