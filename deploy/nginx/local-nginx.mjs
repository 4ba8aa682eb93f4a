// The deploy nginx configuration run by the machine's own nginx (Debian's), for the tests and the
// benchmarks: the settings checked by giftcast-settings.envsh and every file under templates/ filled
// in as the nginx image does at start, inside the main configuration the image runs (nginx.conf:
// its workers and connections, conf.d/*.conf included) with its pid, error log and temporary files
// moved into a scratch directory, and the access log the templates configure written to ACCESS_LOG
// (else access.log there). The machine's nginx may be older than the image's: before 1.25.1 the
// TLS server's `http2 on;` is written the old way, `listen ... ssl http2`.
//
// As a command it reads the environment, as the image does, and runs until it is sent SIGTERM or SIGINT:
//   BACKEND_UPSTREAM=127.0.0.1:3000 LISTEN_PORT=127.0.0.1:8080 WEB_ROOT="$PWD/frontend/dist/client" \
//     node deploy/nginx/local-nginx.mjs
// BACKEND_UPSTREAM='127.0.0.1:3000 127.0.0.1:3001' balances over several backends.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';

/** What the image copies to /etc/nginx/nginx.conf: the main configuration, which includes conf.d. */
export const MAIN_CONFIG = join(import.meta.dirname, 'nginx.conf');
/** What the image copies to /etc/nginx/templates: rendered into conf.d, keeping sub-folders. */
export const TEMPLATES_DIR = join(import.meta.dirname, 'templates');
/** What the image sources from /docker-entrypoint.d before it renders the templates. */
export const SETTINGS_SCRIPT = join(import.meta.dirname, 'giftcast-settings.envsh');
/** What the image starts from /docker-entrypoint.d beside nginx: reloads it when its certificate changes. */
export const CERTIFICATE_WATCH_SCRIPT = join(import.meta.dirname, 'giftcast-certificate-watch.sh');

/** Every template, as `{ path, output, text }`: `output` relative to conf.d, as the image names it. */
export function templates() {
  return readdirSync(TEMPLATES_DIR, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.template'))
    .map((entry) => {
      const path = join(entry.parentPath, entry.name);
      return {
        path,
        output: relative(TEMPLATES_DIR, path).replace(/\.template$/, ''),
        text: readFileSync(path, 'utf8'),
      };
    })
    .sort((a, b) => a.output.localeCompare(b.output));
}

/** The variables the templates expect from the environment: their `${NAME}` placeholders. */
export function templatePlaceholders(texts = templates().map(({ text }) => text)) {
  return new Set(texts.flatMap((text) => [...text.matchAll(/\$\{([A-Z_][A-Z0-9_]*)\}/g)].map(([, name]) => name)));
}

/**
 * `text` with `variables` put in as the image's `envsubst` puts them in: `$NAME` and `${NAME}` of a
 * defined variable are replaced, anything else (nginx's own `$host`, `$uri`) is left alone.
 * GIFTCAST_BACKENDS, several backends (from a BACKEND_UPSTREAM of addresses separated by spaces or
 * commas: the scale-out test), writes the upstream's server line once for each.
 */
export function fillTemplate(variables, text) {
  const missing = [...templatePlaceholders([text])].filter((name) => variables[name] === undefined);
  if (missing.length) throw new Error(`the nginx templates need ${missing.join(', ')}`);
  text = repeatUpstreamServers(text, variables.GIFTCAST_BACKENDS);
  return text.replace(/\$(?:\{([A-Za-z_]\w*)\}|([A-Za-z_]\w*))/g, (match, braced, bare) => {
    const name = braced ?? bare;
    return Object.hasOwn(variables, name) && variables[name] !== undefined ? String(variables[name]) : match;
  });
}

function backendList(upstream) {
  return String(upstream ?? '')
    .split(/[\s,]+/)
    .filter(Boolean);
}

/** The upstream's `server ${GIFTCAST_BACKEND_SERVER};` line, once for each of several backends. */
function repeatUpstreamServers(template, backends = []) {
  if (backends.length < 2 || !template.includes('${GIFTCAST_BACKEND_SERVER}')) return template;
  const serverLine = /^([ \t]*server[ \t]+)\$\{GIFTCAST_BACKEND_SERVER\}([^;\n]*;)[ \t]*$/gm;
  const repeated = template.replace(serverLine, (_, start, rest) =>
    backends.map((backend) => `${start}${backend}${rest}`).join('\n'),
  );
  if (repeated.includes('${GIFTCAST_BACKEND_SERVER}')) {
    throw new Error(
      'several backends need the template to use GIFTCAST_BACKEND_SERVER only as `server ${GIFTCAST_BACKEND_SERVER};`',
    );
  }
  return repeated;
}

/**
 * The environment the templates are filled from: `variables` after giftcast-settings.envsh, run by
 * the system's sh as the image's entrypoint sources it. Throws with the script's message when it
 * refuses the settings.
 */
export function settle(variables) {
  const defined = Object.fromEntries(Object.entries(variables).filter(([, value]) => value !== undefined));
  const run = spawnSync('sh', ['-c', '. "$0" && env -0', SETTINGS_SCRIPT], {
    env: { PATH: process.env.PATH, ...defined },
    encoding: 'utf8',
  });
  if (run.status !== 0) throw new Error(`the nginx settings were refused:\n${run.stderr}`);
  return Object.fromEntries(
    run.stdout
      .split('\0')
      .filter(Boolean)
      .map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]),
  );
}

/**
 * MAIN_CONFIG as the tests run it: its pid file and temporary files in `scratch`, errors to
 * `errorLog`, and workers that run as the invoking user. Started as root (a CI machine, a
 * container), the workers would otherwise run as `nobody` (Debian has no `nginx` user), who cannot
 * read a web app inside a folder only its owner may enter (a clone in root's home).
 */
export function localMainConfig(scratch, errorLog = 'stderr', text = readFileSync(MAIN_CONFIG, 'utf8')) {
  const moves = [
    [/^user nginx;$/m, process.getuid?.() === 0 ? 'user root;' : ''],
    [/^error_log \/var\/log\/nginx\/error\.log \w+;$/m, `error_log ${errorLog} warn;`],
    [/^pid \/run\/nginx\.pid;$/m, `pid ${scratch}/nginx.pid;`],
    [/\/var\/cache\/nginx\//g, `${scratch}/`],
  ];
  for (const [path, replacement] of moves) {
    if (!path.test(text)) throw new Error(`${MAIN_CONFIG} no longer has ${path}: local-nginx.mjs cannot run it`);
    text = text.replace(path, replacement);
  }
  return text;
}

function nginxBinary() {
  const binary = [process.env.NGINX_BINARY, '/usr/sbin/nginx', 'nginx'].find(
    (candidate) => candidate && spawnSync(candidate, ['-v']).status === 0,
  );
  if (!binary) throw new Error('nginx is not installed (Debian: apt-get install nginx)');
  return binary;
}

/** `[major, minor, patch]` of the nginx binary (`nginx -v` prints to stderr). */
function nginxVersion(binary) {
  const printed = spawnSync(binary, ['-v'], { encoding: 'utf8' }).stderr;
  return (/nginx\/(\d+)\.(\d+)\.(\d+)/.exec(printed) ?? [0, 0, 0, 0]).slice(1).map(Number);
}

/** A filled-in template as an nginx older than 1.25.1 reads it: HTTP/2 named on the `listen ... ssl` line. */
function forOlderNginx(text, [major, minor, patch]) {
  const hasHttp2Directive = major > 1 || minor > 25 || (minor === 25 && patch >= 1);
  if (hasHttp2Directive || !/^\s*http2 on;$/m.test(text)) return text;
  return text.replace(/^\s*http2 on;\n/m, '').replace(/^(\s*listen\s+\S+\s+ssl)(;)/m, '$1 http2$2');
}

/**
 * Starts nginx in the foreground with the filled-in templates; rejects settings or a configuration
 * nginx refuses. `serverDirectives` go first into the server that serves the site (the benchmark's
 * baseline pages); `errorLog` is a file for nginx's error log instead of standard error.
 */
export function startLocalNginx(variables, { serverDirectives = '', errorLog = 'stderr' } = {}) {
  const binary = nginxBinary();
  // Several backends (the scale-out test): the settings are checked with the first, and the
  // upstream lists every one.
  const backends = backendList(variables.BACKEND_UPSTREAM);
  const scratch = mkdtempSync(join(tmpdir(), 'giftcast-nginx-'));
  const accessLog = variables.ACCESS_LOG ?? join(scratch, 'access.log');
  const environment = {
    ...settle({ ...variables, BACKEND_UPSTREAM: backends[0], NGINX_CACHE_DIR: scratch, ACCESS_LOG: accessLog }),
    GIFTCAST_BACKENDS: backends,
  };
  const version = nginxVersion(binary);
  for (const { output, text } of templates()) {
    let filled = forOlderNginx(fillTemplate(environment, text), version);
    if (output === join('giftcast', 'site.conf') && serverDirectives) filled = `${serverDirectives}\n${filled}`;
    mkdirSync(dirname(join(scratch, 'conf.d', output)), { recursive: true });
    writeFileSync(join(scratch, 'conf.d', output), filled);
  }
  writeFileSync(join(scratch, 'nginx.conf'), localMainConfig(scratch, errorLog));
  // -e: errors before the configuration is read go to `errorLog` too, not to the system's log file.
  // -c: relative includes (conf.d/...) are read from the scratch directory, as from /etc/nginx in the image.
  // -g: in the foreground, as the image's command starts it.
  const args = ['-e', errorLog, '-p', scratch, '-c', join(scratch, 'nginx.conf'), '-g', 'daemon off;'];
  // Started before nginx, as in the image: it notes the certificate nginx is about to load.
  const watch = spawn('sh', [CERTIFICATE_WATCH_SCRIPT, '--foreground'], {
    env: { ...environment, NGINX_PID_FILE: join(scratch, 'nginx.pid') },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const check = spawnSync(binary, ['-t', '-q', ...args], { encoding: 'utf8' });
  if (check.status !== 0) {
    watch.kill('SIGTERM');
    rmSync(scratch, { recursive: true, force: true });
    throw new Error(`nginx refused the configuration:\n${check.stderr}`);
  }
  const nginx = spawn(binary, args, { stdio: ['ignore', 'inherit', 'inherit'] });
  // nginx must not outlive the process that started it, even one that crashes.
  const stopWithParent = () => {
    watch.kill('SIGTERM');
    nginx.kill('SIGTERM');
    rmSync(scratch, { recursive: true, force: true });
  };
  process.once('exit', stopWithParent);
  const exited = new Promise((done) => nginx.once('exit', (code, signal) => done(code ?? signal))).then((status) => {
    watch.kill('SIGTERM');
    process.off('exit', stopWithParent);
    rmSync(scratch, { recursive: true, force: true });
    return status;
  });
  return {
    /** nginx's master process (its workers are its children). */
    pid: nginx.pid,
    /** The JSON access log the templates configure (removed with the scratch directory when nginx stops). */
    accessLog,
    /** Resolves with nginx's exit code (or signal) when it stops, whoever stopped it (the certificate check too). */
    exited,
    /** Stops nginx at once (open connections such as server-sent events are closed) and cleans up. */
    async stop() {
      if (nginx.exitCode === null && nginx.signalCode === null) nginx.kill('SIGTERM');
      await exited;
    },
  };
}

if (process.argv[1] && resolve(process.argv[1]) === import.meta.filename) {
  const nginx = startLocalNginx(process.env);
  let stopping = false;
  for (const signal of ['SIGINT', 'SIGTERM'])
    process.on(signal, () => {
      stopping = true;
      nginx.stop();
    });
  const status = await nginx.exited;
  process.exit(stopping ? 0 : typeof status === 'number' ? status : 1);
}
