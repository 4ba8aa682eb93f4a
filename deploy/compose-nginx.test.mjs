// docker compose's nginx runs the template the browser tests run behind, with the variables that
// template expects, pointed at the backend and the web app where they really are.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { test } from 'node:test';
import { parse } from 'yaml';
import { TEMPLATE_PATH, templatePlaceholders } from './nginx/local-nginx.mjs';

const repo = join(import.meta.dirname, '..');
const compose = parse(readFileSync(join(repo, 'docker-compose.yml'), 'utf8'));

/** The instructions of a Dockerfile's last stage, the image that runs: `{ keyword, args }`. */
function runningStage(dockerfile) {
  const instructions = readFileSync(join(repo, dockerfile), 'utf8')
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => {
      const [keyword, ...args] = line.split(/\s+/);
      return { keyword: keyword.toUpperCase(), args };
    });
  return instructions.slice(instructions.findLastIndex(({ keyword }) => keyword === 'FROM'));
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

/** A service's `environment:`, as a map or as a list of `NAME=value`. */
function serviceEnvironment(service) {
  const environment = service.environment ?? {};
  if (!Array.isArray(environment))
    return Object.fromEntries(Object.entries(environment).map(([k, v]) => [k, String(v)]));
  return Object.fromEntries(
    environment.map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]),
  );
}

/** `COPY [--from=stage] source... destination`, options left out. */
function copies(stage) {
  return stage
    .filter(({ keyword }) => keyword === 'COPY')
    .map(({ args }) => {
      const paths = args.filter((arg) => !arg.startsWith('--'));
      return { sources: paths.slice(0, -1), destination: paths.at(-1) };
    });
}

const nginxServices = Object.entries(compose.services)
  .filter(([, service]) => service.build)
  .map(([name, service]) => {
    const stage = runningStage(join(service.build.context ?? '.', service.build.dockerfile ?? 'Dockerfile'));
    const from = stage[0].args.find((arg) => !arg.startsWith('--'));
    return { name, service, stage, from };
  })
  .filter(({ from }) => /^nginx[:@]/.test(from));

test('one service runs nginx, with the template the browser tests run behind', () => {
  assert.equal(nginxServices.length, 1, 'services built on the nginx image');
  const [{ stage }] = nginxServices;
  const templates = copies(stage).filter(({ destination }) => destination.startsWith('/etc/nginx/templates/'));
  assert.deepEqual(
    templates.map(({ sources }) => sources),
    [[relative(repo, TEMPLATE_PATH)]],
  );
  // The image renders /etc/nginx/templates/NAME.conf.template into conf.d/NAME.conf, which it includes.
  assert.match(templates[0].destination, /^\/etc\/nginx\/templates\/[^/]+\.conf\.template$/);
});

const [nginx] = nginxServices;
const variables = { ...stageEnvironment(nginx.stage), ...serviceEnvironment(nginx.service) };

test("the variables the nginx service sets are exactly the template's placeholders", () => {
  // NGINX_* configure the image itself (NGINX_ENVSUBST_TEMPLATE_DIR and the like).
  const set = Object.keys(variables).filter((name) => !name.startsWith('NGINX_'));
  assert.deepEqual(set.sort(), [...templatePlaceholders()].sort());
});

test('BACKEND_UPSTREAM is the backend service at the port it listens on', () => {
  const [host, port] = variables.BACKEND_UPSTREAM.split(':');
  const backend = compose.services[host];
  assert.ok(backend, `a service named ${host}`);
  assert.equal(serviceEnvironment(backend).PORT, port);
  assert.ok(Object.keys(nginx.service.depends_on ?? {}).includes(host), `${nginx.name} waits for ${host}`);
});

test('the backend trusts exactly the one proxy in front of it, the nginx service', () => {
  const [host] = variables.BACKEND_UPSTREAM.split(':');
  // More would let a visitor's own X-Forwarded-For entries name the address the limits count.
  assert.equal(serviceEnvironment(compose.services[host]).TRUST_PROXY, '1');
});

test('LISTEN_PORT is the port compose publishes, and WEB_ROOT is where the image holds the web app', () => {
  const published = (nginx.service.ports ?? []).map((port) => String(port).split('/')[0].split(':').at(-1));
  assert.ok(published.length > 0, `${nginx.name} publishes a port`);
  for (const port of published) assert.equal(variables.LISTEN_PORT, port);
  const webApp = copies(nginx.stage).find(({ sources }) => sources.some((source) => /frontend\/dist\/?$/.test(source)));
  assert.equal(variables.WEB_ROOT, webApp?.destination);
});
