import { accessSync, constants } from 'node:fs';
import { type ChildProcess, spawn } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import type { EmbeddedStorage } from './embedded-storage';
import { freePort } from './free-port';

const START_TIMEOUT_MS = 20_000;

/** True when moto's S3 server (pip `moto[server]`) can be started from PATH. */
export function hasMotoServer(): boolean {
  return (process.env.PATH ?? '').split(':').some((dir) => dir !== '' && existsExecutable(`${dir}/moto_server`));
}

function existsExecutable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * moto's S3 server on loopback. Unlike s3rver it implements ListParts, AbortMultipartUpload and
 * ListMultipartUploads, which resumable uploads (the tus S3 store) call as they do on MinIO. It
 * keeps objects in its memory: they last as long as it runs.
 */
export async function startMotoStorage(): Promise<EmbeddedStorage> {
  const port = await freePort();
  const child: ChildProcess = spawn('moto_server', ['-H', '127.0.0.1', '-p', String(port)], { stdio: 'ignore' });
  const endpoint = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`moto_server exited with ${child.exitCode}`);
    const ready = await fetch(`${endpoint}/moto-api/`, { signal: AbortSignal.timeout(2000) }).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`moto_server did not answer within ${START_TIMEOUT_MS / 1000} s`);
    }
    await sleep(100);
  }
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
