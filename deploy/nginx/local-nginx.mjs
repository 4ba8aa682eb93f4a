// The deploy nginx configuration run by the machine's own nginx (Debian's), for the tests and the
// benchmarks: the settings checked by giftcast-settings.envsh and every file under templates/ filled
// in as the nginx image does at start, inside a main configuration like the image's (conf.d/*.conf
// included) whose pid and temporary files live in a scratch directory.
//
// As a command it reads the environment, as the image does, and runs until it is sent SIGTERM or SIGINT:
//   BACKEND_UPSTREAM=127.0.0.1:3000 LISTEN_PORT=127.0.0.1:8080 WEB_ROOT="$PWD/frontend/dist/client" \
//     node deploy/nginx/local-nginx.mjs
// BACKEND_UPSTREAM='127.0.0.1:3000 127.0.0.1:3001' balances over several backends.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';

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

function mainConfig(scratch) {
  // Started as root (a CI machine, a container), nginx's workers would run as `nobody`, who cannot
  // read a web app inside a folder only its owner may enter (a clone in root's home): they run as
  // the invoking user instead, who can.
  const user = process.getuid?.() === 0 ? 'user root;\n' : '';
  return `${user}daemon off;
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
  include conf.d/*.conf;
}
`;
}

function nginxBinary() {
  const binary = [process.env.NGINX_BINARY, '/usr/sbin/nginx', 'nginx'].find(
    (candidate) => candidate && spawnSync(candidate, ['-v']).status === 0,
  );
  if (!binary) throw new Error('nginx is not installed (Debian: apt-get install nginx)');
  return binary;
}

/**
 * Starts nginx in the foreground with the filled-in templates; rejects settings or a configuration
 * nginx refuses. `serverDirectives` go first into the server that serves the site (the benchmark's
 * baseline pages).
 */
export function startLocalNginx(variables, { serverDirectives = '' } = {}) {
  const binary = nginxBinary();
  // Several backends (the scale-out test): the settings are checked with the first, and the
  // upstream lists every one.
  const backends = backendList(variables.BACKEND_UPSTREAM);
  const scratch = mkdtempSync(join(tmpdir(), 'giftcast-nginx-'));
  const environment = {
    ...settle({ ...variables, BACKEND_UPSTREAM: backends[0], NGINX_CACHE_DIR: scratch }),
    GIFTCAST_BACKENDS: backends,
  };
  for (const { output, text } of templates()) {
    let filled = fillTemplate(environment, text);
    if (output === join('giftcast', 'site.conf') && serverDirectives) filled = `${serverDirectives}\n${filled}`;
    mkdirSync(dirname(join(scratch, 'conf.d', output)), { recursive: true });
    writeFileSync(join(scratch, 'conf.d', output), filled);
  }
  writeFileSync(join(scratch, 'nginx.conf'), mainConfig(scratch));
  // -e: errors before the configuration is read go to stderr too, not to the system's log file.
  // -c: relative includes (conf.d/...) are read from the scratch directory, as from /etc/nginx in the image.
  const args = ['-e', 'stderr', '-p', scratch, '-c', join(scratch, 'nginx.conf')];
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
