import { spawn } from 'node:child_process';
import { resolve } from 'node:path';

export type PurgeReport = Record<string, number | boolean> & { skipped: boolean };

/** One purge run in a process of its own, as `npm run purge` does it, at the time given. */
export function runPurge(env: Record<string, string>, now: Date): Promise<PurgeReport> {
  return new Promise((done, fail) => {
    const child = spawn(
      process.execPath,
      [resolve(__dirname, '../../dist/video/purge-cli.js'), `--now=${now.toISOString()}`],
      {
        env: { ...process.env, NODE_ENV: 'test', ...env },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.on('exit', (code) => (code === 0 ? done(JSON.parse(out.trim().split('\n').at(-1)!)) : fail(new Error(err))));
  });
}
