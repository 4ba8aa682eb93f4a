import { type ChildProcess, spawn } from 'node:child_process';
import { freePort } from '../../src/local/free-port';
import type { EmbeddedStorage } from '../../src/local/embedded-storage';
import { eventually } from './eventually';

/**
 * moto's S3 server (pip `moto[server]`): unlike s3rver it implements ListParts,
 * AbortMultipartUpload and ListMultipartUploads, which the tus S3 store calls as it would on
 * MinIO. Its objects live in its memory; the bucket is created by the app as on any server.
 */
export async function startMotoStorage(): Promise<EmbeddedStorage> {
  const port = await freePort();
  const child: ChildProcess = spawn('moto_server', ['-H', '127.0.0.1', '-p', String(port)], { stdio: 'ignore' });
  const endpoint = `http://127.0.0.1:${port}`;
  await eventually(
    () =>
      child.exitCode === null
        ? fetch(`${endpoint}/moto-api/`).then(
            (r) => r.ok,
            () => false,
          )
        : true,
    (ready) => ready,
    'moto_server to answer',
    20_000,
  );
  if (child.exitCode !== null) throw new Error(`moto_server exited with ${child.exitCode}`);
  return {
    endpoint,
    accessKeyId: 'moto',
    secretAccessKey: 'moto-secret',
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}
