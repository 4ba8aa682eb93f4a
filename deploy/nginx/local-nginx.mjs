// The deploy nginx configuration run by the machine's own nginx (Debian's), for the browser tests
// and `make bench-web`: giftcast.conf.template filled in as the nginx image fills it in, inside a
// minimal main configuration whose pid and temporary files live in a scratch directory.
//
// As a command it reads the variables the image reads and runs until it is sent SIGTERM or SIGINT:
//   BACKEND_UPSTREAM=127.0.0.1:3000 LISTEN_PORT=127.0.0.1:8080 WEB_ROOT="$PWD/frontend/dist" \
//     node deploy/nginx/local-nginx.mjs
// BACKEND_UPSTREAM='127.0.0.1:3000 127.0.0.1:3001' balances over several backends.
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export const TEMPLATE_PATH = join(import.meta.dirname, 'giftcast.conf.template');

/** The variables the template expects from the environment: its `${NAME}` placeholders. */
export function templatePlaceholders(template = readFileSync(TEMPLATE_PATH, 'utf8')) {
  return new Set([...template.matchAll(/\$\{([A-Z_][A-Z0-9_]*)\}/g)].map(([, name]) => name));
}

/**
 * The template with `variables` put in as the image's `envsubst` puts them in: `$NAME` and `${NAME}`
 * of a defined variable are replaced, anything else (nginx's own `$host`, `$uri`) is left alone.
 * BACKEND_UPSTREAM may name several backends, separated by spaces or commas (the scale-out test):
 * the upstream's `server ${BACKEND_UPSTREAM} …;` line is then written once for each.
 */
export function fillTemplate(variables, template = readFileSync(TEMPLATE_PATH, 'utf8')) {
  const missing = [...templatePlaceholders(template)].filter((name) => variables[name] === undefined);
  if (missing.length) throw new Error(`the nginx template needs ${missing.join(', ')}`);
  template = repeatUpstreamServers(template, variables.BACKEND_UPSTREAM);
  return template.replace(/\$(?:\{([A-Za-z_]\w*)\}|([A-Za-z_]\w*))/g, (text, braced, bare) => {
    const name = braced ?? bare;
    return Object.hasOwn(variables, name) && variables[name] !== undefined ? String(variables[name]) : text;
  });
}

function repeatUpstreamServers(template, upstream) {
  const backends = String(upstream ?? '')
    .split(/[\s,]+/)
    .filter(Boolean);
  if (backends.length < 2) return template;
  const serverLine = /^([ \t]*server[ \t]+)\$\{BACKEND_UPSTREAM\}([^;\n]*;)[ \t]*$/gm;
  const repeated = template.replace(serverLine, (_, start, rest) =>
    backends.map((backend) => `${start}${backend}${rest}`).join('\n'),
  );
  const elsewhere = repeated.split('\n').some((line) => !/^\s*#/.test(line) && /\$\{?BACKEND_UPSTREAM\b/.test(line));
  if (repeated === template || elsewhere) {
    throw new Error('several backends need the template to use BACKEND_UPSTREAM only as `server ${BACKEND_UPSTREAM};`');
  }
  return repeated;
}

function mainConfig(scratch) {
  return `daemon off;
pid ${scratch}/nginx.pid;
error_log stderr warn;
events {}
http {
  include /etc/nginx/mime.types;
  access_log off;
  client_body_temp_path ${scratch}/body;
  proxy_temp_path ${scratch}/proxy;
  fastcgi_temp_path ${scratch}/fastcgi;
  uwsgi_temp_path ${scratch}/uwsgi;
  scgi_temp_path ${scratch}/scgi;
  include ${scratch}/site.conf;
}
`;
}

function nginxBinary() {
  const binary = ['/usr/sbin/nginx', 'nginx'].find((candidate) => spawnSync(candidate, ['-v']).status === 0);
  if (!binary) throw new Error('nginx is not installed (Debian: apt-get install nginx)');
  return binary;
}

/**
 * Starts nginx in the foreground with the filled-in template; rejects a configuration nginx refuses.
 * `serverDirectives` go inside the server block first (the benchmark's baseline pages).
 */
export function startLocalNginx(variables, { serverDirectives = '' } = {}) {
  const binary = nginxBinary();
  let site = fillTemplate(variables);
  if (serverDirectives) site = site.replace(/^server \{$/m, (line) => `${line}\n    ${serverDirectives}`);
  const scratch = mkdtempSync(join(tmpdir(), 'giftcast-nginx-'));
  // nginx's workers run as another user when it is started as root.
  chmodSync(scratch, 0o755);
  writeFileSync(join(scratch, 'site.conf'), site);
  writeFileSync(join(scratch, 'nginx.conf'), mainConfig(scratch));
  // -e: errors before the configuration is read go to stderr too, not to the system's log file.
  const args = ['-e', 'stderr', '-p', scratch, '-c', join(scratch, 'nginx.conf')];
  const check = spawnSync(binary, ['-t', '-q', ...args], { encoding: 'utf8' });
  if (check.status !== 0) {
    rmSync(scratch, { recursive: true, force: true });
    throw new Error(`nginx refused the configuration:\n${check.stderr}`);
  }
  const nginx = spawn(binary, args, { stdio: ['ignore', 'inherit', 'inherit'] });
  // nginx must not outlive the process that started it, even one that crashes.
  const stopWithParent = () => {
    nginx.kill('SIGTERM');
    rmSync(scratch, { recursive: true, force: true });
  };
  process.once('exit', stopWithParent);
  const exited = new Promise((done) => nginx.once('exit', (code, signal) => done(code ?? signal))).then((status) => {
    process.off('exit', stopWithParent);
    rmSync(scratch, { recursive: true, force: true });
    return status;
  });
  return {
    /** Resolves with nginx's exit code (or signal) when it stops, whoever stopped it. */
    exited,
    /** Stops nginx at once (open connections such as server-sent events are closed) and cleans up. */
    async stop() {
      if (nginx.exitCode === null && nginx.signalCode === null) nginx.kill('SIGTERM');
      await exited;
    },
  };
}

if (process.argv[1] && resolve(process.argv[1]) === import.meta.filename) {
  const variables = Object.fromEntries([...templatePlaceholders()].map((name) => [name, process.env[name]]));
  const nginx = startLocalNginx(variables);
  let stopping = false;
  for (const signal of ['SIGINT', 'SIGTERM'])
    process.on(signal, () => {
      stopping = true;
      nginx.stop();
    });
  const status = await nginx.exited;
  process.exit(stopping ? 0 : typeof status === 'number' ? status : 1);
}
