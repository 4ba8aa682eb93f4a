import { type ChildProcess, spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { freePort } from '../../src/local/free-port';

export interface BackendProcess {
  url: string;
  /** Prometheus's endpoint (METRICS_PORT, a free port unless `env` names one). */
  metricsUrl: string;
  child: ChildProcess;
  /** What the process has logged so far (standard output). */
  output(): string;
  /** SIGTERM as an orchestrator would; SIGKILL if it has not exited `graceMs` later (5 s). */
  stop: (graceMs?: number) => Promise<void>;
}

/**
 * The built backend (`dist/main.js`) as a separate process: another replica, as in production.
 * `ownProcessGroup` makes it lead a process group, as a terminal runs a command, so that a signal
 * can go to the whole group (`process.kill(-pid, …)`) as Ctrl-C sends one. Resolves once it serves
 * `GET /api/health`, or at once with `untilServing: false`.
 */
export async function startBackendProcess(
  env: Record<string, string>,
  {
    ownProcessGroup = false,
    untilServing = true,
    port: askedPort,
  }: { ownProcessGroup?: boolean; untilServing?: boolean; port?: number } = {},
): Promise<BackendProcess> {
  const port = askedPort ?? (await freePort());
  const metricsPort = env.METRICS_PORT ?? String(await freePort());
  const child = spawn(process.execPath, [resolve(__dirname, '../../dist/main.js')], {
    env: { ...process.env, NODE_ENV: 'test', PORT: String(port), METRICS_PORT: metricsPort, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: ownProcessGroup,
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  while (untilServing) {
    if (child.exitCode !== null) throw new Error(`backend process exited: ${stderr}${stdout.slice(-4000)}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`backend process did not start: ${stderr}${stdout.slice(-4000)}`);
    await new Promise((done) => setTimeout(done, 100));
  }
  return {
    url,
    metricsUrl: `http://127.0.0.1:${metricsPort}/metrics`,
    child,
    output: () => stdout,
    stop: (graceMs = 5000) =>
      new Promise<void>((done) => {
        if (child.exitCode !== null || child.signalCode !== null) return done();
        const kill = setTimeout(() => child.kill('SIGKILL'), graceMs);
        child.once('exit', () => {
          clearTimeout(kill);
          child.stdout?.destroy();
          child.stderr?.destroy();
          done();
        });
        child.kill('SIGTERM');
      }),
  };
}

/** The processes named `name` (as the kernel names them) whose parent is `parent`. */
export function childProcessesOf(parent: number, name: string): number[] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((pid) => {
      try {
        const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
        const command = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
        const parentPid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
        return parentPid === parent && command === name;
      } catch {
        return false; // gone meanwhile
      }
    })
    .map(Number);
}
