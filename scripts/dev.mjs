// `make dev`: the development loop. Vite serves the web app with hot reload on DEV_PORT (5173) and
// passes /api on to the backend (frontend/vite.config.ts), which `tsc --watch` recompiles and
// `node --watch` restarts on every change, with `make run`'s embedded database, storage and outbox
// (backend/src/local/run-local.ts) on DEV_API_PORT (3000). Ctrl-C stops all three.
import { spawn } from 'node:child_process';
import { join } from 'node:path';

const repo = join(import.meta.dirname, '..');
const tsc = join(repo, 'node_modules/.bin/tsc');
const vite = join(repo, 'node_modules/.bin/vite');
const apiPort = process.env.DEV_API_PORT ?? '3000';
const webPort = process.env.DEV_PORT ?? '5173';
const backendProject = join(repo, 'backend/tsconfig.build.json');

const children = [];
let stopping = false;
const stop = (code) => {
  if (stopping) return;
  stopping = true;
  for (const child of children) child.kill('SIGTERM');
  process.exitCode = code;
};
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stop(0));

const start = (command, args, options) => {
  const child = spawn(command, args, { cwd: repo, stdio: 'inherit', ...options });
  children.push(child);
  child.on('error', (error) => {
    console.error(error);
    stop(1);
  });
  // One part gone (a compile error does not end tsc --watch; a crash of Vite or of node --watch does).
  child.on('exit', (code) => stop(code ?? 0));
  return child;
};

// The backend starts once tsc's first compile has come through without errors, so that it neither
// starts from an old build nor restarts as that compile writes it.
const compiler = start(tsc, ['-p', backendProject, '--watch', '--preserveWatchOutput'], {
  stdio: ['ignore', 'pipe', 'inherit'],
});
let backendStarted = false;
compiler.stdout.on('data', (chunk) => {
  process.stdout.write(chunk);
  if (backendStarted || !/Found 0 errors\. Watching for file changes/.test(String(chunk))) return;
  backendStarted = true;
  start(process.execPath, ['--watch-path=backend/dist', '--watch-preserve-output', 'backend/dist/local/run-local.js'], {
    env: {
      ...process.env,
      PORT: apiPort,
      // The pages come from Vite; the backend answers the API alone.
      WEB_ROOT: '',
      PUBLIC_URL: process.env.PUBLIC_URL ?? `http://localhost:${webPort}`,
    },
  });
});
start(vite, ['--port', webPort, '--strictPort'], {
  cwd: join(repo, 'frontend'),
  env: { ...process.env, DEV_API_URL: `http://localhost:${apiPort}` },
});
