// docker compose's stack, read without a Docker engine: its nginx runs the templates the tests run
// behind, with the variables they expect, pointed at the backend, the web app, certbot's files and
// the ports it publishes (no 443 with TLS=off's override); the backend gets the settings it uses,
// MinIO's root keys stay with MinIO; the optional parts sit in their profiles.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { test } from 'node:test';
import { parse } from 'yaml';
import {
  CERTIFICATE_WATCH_SCRIPT,
  MAIN_CONFIG,
  SETTINGS_SCRIPT,
  settle,
  templatePlaceholders,
  TEMPLATES_DIR,
} from './nginx/local-nginx.mjs';

const repo = join(import.meta.dirname, '..');
const composeText = readFileSync(join(repo, 'docker-compose.yml'), 'utf8');
const compose = parse(composeText, { merge: true });
// `!override` (TLS=off's port list) is compose's own tag: read as the list it holds.
const tlsOff = parse(readFileSync(join(repo, 'deploy/compose/tls-off.yml'), 'utf8'), { logLevel: 'error' });
const { services } = compose;

/** The instructions of a Dockerfile's stage (`target`, else the last): `{ keyword, args }`. */
function stageOf(dockerfile, target) {
  const instructions = readFileSync(join(repo, dockerfile), 'utf8')
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => {
      const [keyword, ...args] = line.split(/\s+/);
      return { keyword: keyword.toUpperCase(), args };
    });
  const starts = instructions.flatMap(({ keyword, args }, index) =>
    keyword === 'FROM' ? [{ index, name: args.at(-2)?.toUpperCase() === 'AS' ? args.at(-1) : undefined }] : [],
  );
  const start = target ? starts.find(({ name }) => name === target) : starts.at(-1);
  assert.ok(start, `${dockerfile} has a stage ${target}`);
  const end = starts.find(({ index }) => index > start.index)?.index ?? instructions.length;
  return instructions.slice(start.index, end);
}

/** `ENV A=1 B=2` and `ENV A 1` alike. */
function stageEnvironment(stage) {
  const variables = {};
  for (const { args } of stage.filter(({ keyword }) => keyword === 'ENV')) {
    if (!args[0].includes('=')) variables[args[0]] = args.slice(1).join(' ');
    else for (const pair of args) variables[pair.slice(0, pair.indexOf('='))] = pair.slice(pair.indexOf('=') + 1);
  }
  return variables;
}

/** A value as compose interpolates it with an empty .env: defaults taken, required ones given `required`. */
function interpolate(value, required = {}) {
  return String(value).replace(/\$\{([A-Z_][A-Z0-9_]*)(?::?([-?])([^}]*))?\}/g, (_, name, kind, text) =>
    kind === '-' ? text : (required[name] ?? (kind === '?' ? `<${name}>` : '')),
  );
}

/** A service's `environment:` (a map or a list of `NAME=value`), interpolated. */
function serviceEnvironment(service, required) {
  const environment = service.environment ?? {};
  const pairs = Array.isArray(environment)
    ? environment.map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)])
    : Object.entries(environment);
  // A name without a value is passed on from .env when set there: unset here.
  return Object.fromEntries(
    pairs.filter(([, value]) => value !== null).map(([name, value]) => [name, interpolate(value, required)]),
  );
}

/** `COPY [--from=stage] source... destination`, options left out. */
function copies(stage) {
  return stage
    .filter(({ keyword }) => keyword === 'COPY')
    .map(({ args }) => {
      const paths = args.filter((arg) => !arg.startsWith('--'));
      return {
        sources: paths.slice(0, -1),
        destination: paths.at(-1),
        from: args.find((arg) => arg.startsWith('--from='))?.slice(7),
      };
    });
}

/** `volume:/path[:ro]` entries of a service as `{ source, target }`. */
function mounts(service) {
  return (service.volumes ?? []).map((volume) => {
    const [source, target] = interpolate(volume).split(':');
    return { source, target };
  });
}

const built = Object.entries(services)
  .filter(([, service]) => service.build)
  .map(([name, service]) => {
    const dockerfile = join(service.build.context ?? '.', service.build.dockerfile ?? 'Dockerfile');
    const stage = stageOf(dockerfile, service.build.target);
    return { name, service, dockerfile, stage, from: stage[0].args.find((arg) => !arg.startsWith('--')) };
  });
const nginxServices = built.filter(({ from }) => /^nginx[:@]/.test(from));
const [nginx] = nginxServices;
const SAMPLE = { PUBLIC_URL: 'https://giftcast.example' };
const nginxVariables = (tls) => ({
  ...stageEnvironment(nginx.stage),
  ...serviceEnvironment(nginx.service, { ...SAMPLE, TLS: tls }),
});

test('one service runs nginx, with the templates, settings and certificate check the tests run', () => {
  assert.equal(nginxServices.length, 1, 'services built on the nginx image');
  const copied = copies(nginx.stage).filter(({ from }) => !from);
  // The image renders /etc/nginx/templates/**/NAME.template into conf.d/**/NAME, and includes conf.d/*.conf.
  assert.deepEqual(
    copied.filter(({ destination }) => destination.startsWith('/etc/nginx/templates')),
    [{ sources: [`${relative(repo, TEMPLATES_DIR)}/`], destination: '/etc/nginx/templates/', from: undefined }],
  );
  const entrypoint = (script) => copied.find(({ sources }) => sources[0] === relative(repo, script))?.destination;
  // Sourced before the templates are filled in (15 < 20-envsubst-on-templates.sh), and run after.
  assert.match(entrypoint(SETTINGS_SCRIPT), /^\/docker-entrypoint\.d\/1\d-[\w-]+\.envsh$/);
  assert.match(entrypoint(CERTIFICATE_WATCH_SCRIPT), /^\/docker-entrypoint\.d\/[3-9]\d-[\w-]+\.sh$/);
  assert.ok(
    nginx.stage.some(
      ({ keyword, args }) => keyword === 'RUN' && args.join(' ') === 'rm /etc/nginx/conf.d/default.conf',
    ),
    "the image's welcome server is removed",
  );
});

test('nginx runs the main configuration the tests run, with the file descriptors it sizes its workers for', () => {
  const copied = copies(nginx.stage).filter(({ from }) => !from);
  assert.deepEqual(
    copied.filter(({ destination }) => destination === '/etc/nginx/nginx.conf'),
    [{ sources: [relative(repo, MAIN_CONFIG)], destination: '/etc/nginx/nginx.conf', from: undefined }],
  );
  const main = readFileSync(MAIN_CONFIG, 'utf8');
  // The image's command adds `daemon off;`: a second one would stop nginx from starting.
  assert.doesNotMatch(main, /^\s*daemon\b/m);
  // The image renders the templates into conf.d, relative to /etc/nginx.
  assert.match(main, /^\s*include conf\.d\/\*\.conf;$/m);
  const descriptors = Number(/^worker_rlimit_nofile (\d+);$/m.exec(main)?.[1]);
  const { nofile } = nginx.service.ulimits ?? {};
  const allowed = typeof nofile === 'object' ? Math.min(nofile.soft, nofile.hard) : nofile;
  assert.ok(allowed >= descriptors, `the container allows ${allowed} descriptors, nginx wants ${descriptors}`);
});

for (const tls of ['letsencrypt', 'off']) {
  test(`with TLS=${tls}, the settings compose gives nginx fill in every placeholder of the templates`, () => {
    const environment = settle(nginxVariables(tls));
    const missing = [...templatePlaceholders()].filter((name) => environment[name] === undefined);
    assert.deepEqual(missing, []);
  });
}

test('every variable the nginx service sets is read by the templates or the settings script', () => {
  const script = readFileSync(SETTINGS_SCRIPT, 'utf8');
  const placeholders = templatePlaceholders();
  for (const name of Object.keys(nginxVariables('off')))
    assert.ok(placeholders.has(name) || script.includes(`$${name}`) || script.includes(`\${${name}`), name);
});

test('BACKEND_UPSTREAM is the backend service at the port it listens on', () => {
  const [host, port] = nginxVariables('off').BACKEND_UPSTREAM.split(':');
  assert.ok(services[host], `a service named ${host}`);
  assert.equal(serviceEnvironment(services[host]).PORT, port);
  assert.ok(Object.keys(nginx.service.depends_on ?? {}).includes(host), `${nginx.name} waits for ${host}`);
});

test('the backend trusts exactly the one proxy in front of it, the nginx service', () => {
  const [host] = nginxVariables('off').BACKEND_UPSTREAM.split(':');
  // More would let a visitor's own X-Forwarded-For entries name the address the limits count.
  assert.equal(serviceEnvironment(services[host]).TRUST_PROXY, '1');
});

test('nginx listens where compose publishes, serves the web app from where the image holds it, and is health-checked', () => {
  const variables = settle(nginxVariables('off'));
  const published = (ports) => (ports ?? []).map((port) => interpolate(port).split('/')[0].split(':').at(-1)).sort();
  assert.deepEqual(published(nginx.service.ports), [variables.LISTEN_PORT, variables.TLS_LISTEN_PORT].sort());
  // TLS=off's override replaces the list: plain HTTP alone, nothing on 443.
  assert.deepEqual(published(tlsOff.services[nginx.name].ports), [variables.LISTEN_PORT]);
  assert.match(readFileSync(join(repo, 'deploy/compose/tls-off.yml'), 'utf8'), /^\s+ports: !override$/m);
  const webApp = copies(nginx.stage).find(({ sources }) =>
    sources.some((source) => /frontend\/dist\/client\/?$/.test(source)),
  );
  assert.equal(variables.WEB_ROOT, webApp?.destination);
  assert.ok(
    nginx.service.healthcheck.test
      .join(' ')
      .includes(`http://127.0.0.1${variables.LISTEN_PORT === '80' ? '' : `:${variables.LISTEN_PORT}`}/nginx-health`),
  );
});

test('certbot writes its challenges where nginx answers them, and its certificates where nginx reads them', () => {
  const variables = settle(nginxVariables('letsencrypt'));
  const web = mounts(nginx.service);
  const certbot = mounts(services.certbot);
  const volumeAt = (list, target) => list.find((mount) => mount.target === target)?.source;
  assert.ok(volumeAt(web, variables.ACME_ROOT));
  assert.equal(volumeAt(certbot, variables.ACME_ROOT), volumeAt(web, variables.ACME_ROOT));
  assert.ok(variables.TLS_CERTIFICATE.startsWith('/etc/letsencrypt/live/giftcast.example/'));
  assert.equal(volumeAt(certbot, '/etc/letsencrypt'), volumeAt(web, '/etc/letsencrypt'));
  assert.match(
    readFileSync(join(repo, 'deploy/certbot/certbot.sh'), 'utf8'),
    new RegExp(`--webroot -w ${variables.ACME_ROOT} `),
  );
  // TLS=files: the default certificate paths are in the folder compose mounts.
  const files = settle({ ...nginxVariables('off'), TLS: 'off' });
  assert.ok(volumeAt(web, '/etc/nginx/tls'));
  assert.ok(files.TLS_CERTIFICATE.startsWith('/etc/nginx/tls/'));
});

test('the backend and the worker get where the stack puts things, and their other settings by name', () => {
  for (const name of ['backend', 'worker']) {
    const service = services[name];
    assert.equal(service.env_file, undefined, `${name} gets no env_file: only the settings listed`);
    const { environment } = service;
    assert.equal(environment.NODE_ENV, '${NODE_ENV:-production}', name);
    assert.equal(environment.PORT, '3000', name);
    assert.equal(environment.S3_ENDPOINT, 'http://minio:9000', name);
    // No password in the URL, so no character of it can break the URL.
    assert.equal(environment.DATABASE_URL, 'postgres://giftcast@postgres:5432/giftcast', name);
    assert.equal(environment.PGPASSWORD, '${POSTGRES_PASSWORD:-}', name);
    // Passed on by name: unset in .env, the backend's own default applies.
    for (const setting of ['LOG_LEVEL', 'SMTP_URL', 'S3_SECRET_ACCESS_KEY', 'VIDEO_RETENTION_DAYS'])
      assert.ok(Object.hasOwn(environment, setting) && environment[setting] === null, `${name} ${setting}`);
  }
  assert.equal(services.worker.environment.ROLE, 'worker');
  assert.equal(services.worker.ports, undefined, 'the worker publishes no port');
  assert.deepEqual(services.worker.profiles, ['worker']);
  assert.equal(services.backend.stop_grace_period, '15m');
});

test('the worker holds no admin secret and no HTTP setting: it serves nothing but its health check', () => {
  const http = ['ADMIN_PASSWORD', 'ADMIN_PASSWORD_HASH', 'JWT_SECRET', 'TRUST_PROXY', 'RATE_LIMIT_UPLOADS', 'API_DOCS'];
  for (const setting of http) {
    assert.ok(Object.hasOwn(services.backend.environment, setting), `backend ${setting}`);
    assert.ok(!Object.hasOwn(services.worker.environment, setting), `worker ${setting}`);
  }
});

test('MinIO’s root keys reach only minio and minio-setup; the backend stores videos as a user of its own bucket', () => {
  const rootKeys = Object.values(services.minio.environment);
  for (const [name, service] of Object.entries(services)) {
    if (name === 'minio' || name === 'minio-setup') continue;
    const environment = Object.entries(service.environment ?? {})
      .flat()
      .join(' ');
    for (const key of rootKeys) assert.ok(!environment.includes(key), `${name} gets ${key}`);
    assert.ok(!/MINIO_ROOT/.test(environment), `${name} gets MinIO's root keys`);
  }
  const setup = readFileSync(join(repo, 'deploy/minio/setup.sh'), 'utf8');
  assert.match(setup, /mc admin user add local "\$S3_ACCESS_KEY_ID" "\$S3_SECRET_ACCESS_KEY"/);
  assert.match(setup, /mc admin policy attach local giftcast-bucket --user "\$S3_ACCESS_KEY_ID"/);
  assert.match(setup, /"Resource": \["arn:aws:s3:::\$S3_BUCKET\/\*"\]/);
});

test('Mailpit runs only in the dev profile', () => {
  assert.deepEqual(services.mailpit.profiles, ['dev']);
});

test('every variable compose reads is explained in .env.example', () => {
  const example = readFileSync(join(repo, '.env.example'), 'utf8');
  const read = new Set([...composeText.matchAll(/\$\{([A-Z_][A-Z0-9_]*)/g)].map(([, name]) => name));
  const missing = [...read].filter((name) => !new RegExp(`^#?\\s*${name}=`, 'm').test(example));
  assert.deepEqual(missing, []);
});
