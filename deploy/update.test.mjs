// deploy/update.sh where no Docker engine runs: its dry run, against a stand-in for `docker` that
// answers what the script asks about the running stack and refuses any call that would change it,
// prints the rolling update it would make.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';

const repo = join(import.meta.dirname, '..');
const standIn = join(repo, 'backend/test/support/docker-stand-in.mjs');

function dryRun({
  containers,
  compose = '2.29.7',
  runningWeb = 'sha256:web-1',
  wantedWeb = 'sha256:web-1',
  args = [],
}) {
  const result = spawnSync(join(repo, 'deploy/update.sh'), ['--dry-run', ...args], {
    encoding: 'utf8',
    env: {
      PATH: process.env.PATH,
      DOCKER: `${process.execPath} ${standIn}`,
      STAND_IN_COMPOSE_VERSION: compose,
      STAND_IN_CONTAINERS: JSON.stringify(containers),
      STAND_IN_RUNNING_WEB_IMAGE: runningWeb,
      STAND_IN_WANTED_WEB_IMAGE: wantedWeb,
    },
  });
  const docker = `${process.execPath} ${standIn}`;
  return {
    ...result,
    lines: result.stdout
      .split('\n')
      .filter(Boolean)
      .map((line) => line.replace(docker, 'docker')),
  };
}

test('replaces each backend replica and the worker one at a time, each new one ready before an old one stops', () => {
  const { status, stderr, lines } = dryRun({ containers: { backend: ['b1', 'b2'], worker: ['w1'], web: ['n1'] } });
  assert.equal(status, 0, stderr);
  assert.deepEqual(lines, [
    'docker compose pull backend web',
    'docker compose up -d --no-deps --no-recreate --scale backend=3 backend',
    '# wait until <the new backend container> is ready (healthy)',
    "# wait 12 s: nginx looks the backend's name up again every 10 s",
    'docker stop --time 900 b1',
    'docker rm b1',
    'docker compose up -d --no-deps --no-recreate --scale backend=3 backend',
    '# wait until <the new backend container> is ready (healthy)',
    "# wait 12 s: nginx looks the backend's name up again every 10 s",
    'docker stop --time 900 b2',
    'docker rm b2',
    'docker compose up -d --no-deps --no-recreate --scale worker=2 worker',
    '# wait until <the new worker container> is ready (healthy)',
    "# wait 12 s: nginx looks the backend's name up again every 10 s",
    'docker stop --time 60 w1',
    'docker rm w1',
    'docker compose exec -T web nginx -s reload',
  ]);
});

test('recreates web when its image changed, builds with --build, and skips a worker that does not run', () => {
  const { status, stderr, lines } = dryRun({
    containers: { backend: ['b1'], web: ['n1'] },
    wantedWeb: 'sha256:web-2',
    args: ['--build'],
  });
  assert.equal(status, 0, stderr);
  assert.equal(lines[0], 'docker compose build backend web');
  assert.ok(lines.includes('# worker: not running, nothing to replace'));
  assert.equal(lines.at(-1), 'docker compose up -d --no-deps web');
  assert.ok(!lines.includes('docker compose exec -T web nginx -s reload'));
});

test('refuses a Docker Compose older than the docs state, naming both versions', () => {
  const readme = readFileSync(join(repo, 'docs/deployment.md'), 'utf8');
  assert.match(readme, /Docker Compose 2\.24\.4/);
  const { status, stderr, lines } = dryRun({ containers: { backend: ['b1'] }, compose: 'v2.24.3' });
  assert.equal(status, 1);
  assert.match(stderr, /Docker Compose 2\.24\.3 is too old: Giftcast needs 2\.24\.4 or newer/);
  assert.deepEqual(lines, []);
  assert.equal(dryRun({ containers: {}, compose: 'v2.24.4' }).status, 0);
});
