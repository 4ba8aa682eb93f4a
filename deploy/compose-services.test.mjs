// Every service of the compose stack, read without a Docker engine: its logs rotated, its CPU and
// memory bounded, its root file system read-only, no capability it does not name, no privilege
// gained through set-uid programs, an init process, a health check that allows for the start; no
// service handed all of .env; the published images named by release; the secrets override files.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { parse } from 'yaml';

const repo = join(import.meta.dirname, '..');
const read = (path) => readFileSync(join(repo, path), 'utf8');
const { services } = parse(read('docker-compose.yml'), { merge: true });
const secretsOverride = parse(read('deploy/compose/secrets.yml'), { merge: true });
const entries = Object.entries(services);

/** A service's environment as `{ NAME: value }`; a name passed on from .env has the value null. */
const environmentOf = (service) => service.environment ?? {};

test('the stack has the services operators run', () => {
  assert.deepEqual(Object.keys(services).sort(), [
    'backend',
    'backup',
    'certbot',
    'grafana',
    'mailpit',
    'minio',
    'minio-setup',
    'postgres',
    'prometheus',
    'web',
    'worker',
  ]);
});

test('every service rotates its logs: the json-file driver with a size and a number of files', () => {
  for (const [name, service] of entries) {
    assert.equal(service.logging?.driver, 'json-file', name);
    assert.match(service.logging.options['max-size'], /^\d+[km]$/, name);
    assert.match(String(service.logging.options['max-file']), /^[1-9]\d*$/, name);
  }
});

test('every service has a CPU and a memory limit', () => {
  for (const [name, service] of entries) {
    const limits = service.deploy?.resources?.limits ?? {};
    assert.match(String(limits.cpus), /^(\$\{\w+:-)?\d+(\.\d+)?\}?$/, `${name} cpus`);
    assert.match(String(limits.memory), /^(\$\{\w+:-)?\d+[MG]\}?$/, `${name} memory`);
  }
});

test('every service runs on a read-only root file system, without capabilities, set-uid gains or a missing init', () => {
  for (const [name, service] of entries) {
    assert.equal(service.read_only, true, `${name} read_only`);
    assert.deepEqual(service.cap_drop, ['ALL'], `${name} cap_drop`);
    assert.deepEqual(service.security_opt, ['no-new-privileges:true'], `${name} security_opt`);
    assert.equal(service.init, true, `${name} init`);
    assert.ok(Array.isArray(service.tmpfs) && service.tmpfs.length > 0, `${name} writes to a tmpfs of its own`);
  }
});

test('only nginx and PostgreSQL add capabilities, each the few its entrypoint needs', () => {
  const added = Object.fromEntries(entries.filter(([, s]) => s.cap_add).map(([name, s]) => [name, s.cap_add]));
  assert.deepEqual(added, {
    web: ['CHOWN', 'NET_BIND_SERVICE', 'SETGID', 'SETUID'],
    postgres: ['CHOWN', 'DAC_OVERRIDE', 'FOWNER', 'SETGID', 'SETUID'],
  });
});

test('the backend transcodes in a tmpfs at os.tmpdir(), counted against its memory', () => {
  const source = read('backend/src/video/transcode.job.ts');
  assert.match(source, /mkdtemp\(join\(tmpdir\(\), /);
  for (const name of ['backend', 'worker']) {
    assert.ok(
      services[name].tmpfs.some((mount) => /^\/tmp:size=\d+[MG]$/.test(mount)),
      `${name} has a sized /tmp`,
    );
  }
});

test('every health check allows for the start (start_period)', () => {
  const checked = entries.filter(([, service]) => service.healthcheck);
  assert.ok(checked.length >= 4);
  for (const [name, service] of checked) assert.match(service.healthcheck.start_period ?? '', /^\d+[sm]$/, name);
});

test('no service is handed all of .env: each lists the settings it uses', () => {
  for (const [name, service] of entries) assert.equal(service.env_file, undefined, name);
});

test('MinIO’s root keys reach minio and minio-setup alone, in the main file and the secrets override', () => {
  for (const file of [services, secretsOverride.services]) {
    for (const [name, service] of Object.entries(file)) {
      const mentioned = Object.entries(environmentOf(service)).flat().join(' ') + (service.secrets ?? []).join(' ');
      const holdsRootKeys = /MINIO_ROOT|minio_root/.test(mentioned);
      assert.equal(holdsRootKeys, name === 'minio' || name === 'minio-setup', name);
    }
  }
});

test('every setting a service is given by name is explained in .env.example', () => {
  const example = read('.env.example');
  const fixedHere = new Set(['MC_CONFIG_DIR', 'BACKUP_REPOSITORY', 'BACKUP_WORK_DIR', 'BACKUP_CERTIFICATES_DIR']);
  const missing = entries.flatMap(([name, service]) =>
    Object.entries(environmentOf(service))
      .filter(([setting, value]) => value === null && !fixedHere.has(setting))
      .filter(([setting]) => !new RegExp(`^#?\\s*(CHANGE: )?${setting}=`, 'm').test(example))
      .map(([setting]) => `${name}: ${setting}`),
  );
  assert.deepEqual(missing, []);
});

test('the backend is handed every setting its configuration reads, but those the image or the stack fixes', () => {
  const schema = read('backend/src/config/config.schema.ts');
  const body = schema.slice(schema.indexOf('export const envSchema'), schema.indexOf('function unsafeInProduction'));
  const settings = [...body.matchAll(/^ {4}([A-Z][A-Z0-9_]+):/gm)].map(([, name]) => name);
  // Fixed by the image (WEB_ROOT, the system's ffmpeg), by `make run` alone (the outbox production
  // refuses), or by the tests (the Firestore emulator).
  const notForCompose = new Set(['WEB_ROOT', 'FFMPEG_PATH', 'FFPROBE_PATH', 'OUTBOX_DIR', 'FIRESTORE_EMULATOR_HOST']);
  const given = environmentOf(services.backend);
  assert.ok(settings.length > 40, 'the settings were read from the schema');
  assert.deepEqual(
    settings.filter((name) => !notForCompose.has(name) && !(name in given)),
    [],
  );
});

test('the backend, the worker and the backups run one published backend image, web the web image, each by GIFTCAST_VERSION', () => {
  const { version } = JSON.parse(read('backend/package.json'));
  const image = (kind) => `ghcr.io/\${GIFTCAST_OWNER:-giftcast}/giftcast-${kind}:\${GIFTCAST_VERSION:-${version}}`;
  for (const name of ['backend', 'worker', 'backup']) {
    assert.equal(services[name].image, image('backend'), name);
    assert.deepEqual(services[name].build, services.backend.build, `${name} builds the same image`);
  }
  assert.equal(services.web.image, image('web'));
  // `up -d` pulls the release where it is missing; `up -d --build` builds this checkout instead.
  for (const name of ['web', 'backend', 'worker', 'backup']) {
    assert.equal(services[name].pull_policy, 'missing', name);
    assert.equal(services[name].build.dockerfile, 'deploy/Dockerfile', name);
  }
});

test('the secrets override gives each service NAME_FILE for the secrets it mounts, at /run/secrets', () => {
  const declared = secretsOverride.secrets;
  for (const [name, service] of Object.entries(secretsOverride.services)) {
    assert.ok(services[name], `${name} is a service of the main file`);
    const files = Object.entries(service.environment).filter(([setting]) => setting.endsWith('_FILE'));
    assert.deepEqual(
      files.map(([, path]) => path.replace('/run/secrets/', '')).sort(),
      [...service.secrets].sort(),
      name,
    );
    for (const [setting] of files) {
      // The main file passes NAME (empty) beside it, or not at all: never a value that would win.
      const plain = environmentOf(services[name])[setting.replace(/_FILE$/, '')];
      assert.ok(plain === undefined || plain === null || /^\$\{\w+:-\}$/.test(plain), `${name} ${setting}`);
    }
    for (const secret of service.secrets) assert.match(declared[secret].file, /^\$\{SECRETS_DIR:-\.\/secrets\}\//);
  }
});

test('the backend reads every secret the override hands it from its file (config.schema.ts)', () => {
  const schema = read('backend/src/config/config.schema.ts');
  const fileSettings = [/SECRET_SETTINGS = \[([^\]]+)\]/.exec(schema)?.[1] ?? ''].flatMap((list) =>
    [...list.matchAll(/'([A-Z0-9_]+)'/g)].map(([, name]) => name),
  );
  for (const name of ['backend', 'worker', 'backup'])
    for (const setting of Object.keys(secretsOverride.services[name].environment))
      assert.ok(fileSettings.includes(setting.replace(/_FILE$/, '')), `${name} ${setting}`);
});

test('the images build no operator setting in: no build argument, the contact details and analytics handed at start', () => {
  for (const name of ['backend', 'web']) assert.equal(services[name].build.args, undefined, name);
  assert.doesNotMatch(read('deploy/Dockerfile'), /^ARG (CONTACT_|VITE_GA_ID|GA_ID)/m);
  for (const setting of ['CONTACT_EMAIL', 'CONTACT_PHONE', 'GA_ID'])
    assert.ok(setting in environmentOf(services.backend), setting);
});
