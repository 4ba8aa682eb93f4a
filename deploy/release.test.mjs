// The release workflow (.github/workflows/release.yml), read as GitHub reads it: on a version tag it
// builds the two images compose names, for amd64 and arm64, with an SBOM and full provenance, and
// pushes them to GHCR under the version docker/metadata-action derives from the tag; every action it
// uses is pinned to an exact release.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { parse } from 'yaml';

const repo = join(import.meta.dirname, '..');
const workflow = parse(readFileSync(join(repo, '.github/workflows/release.yml'), 'utf8'));
const { services } = parse(readFileSync(join(repo, 'docker-compose.yml'), 'utf8'), { merge: true });
const [job] = Object.values(workflow.jobs);
const steps = job.steps;
const step = (action) => {
  const found = steps.filter((candidate) => candidate.uses?.split('@')[0] === action);
  assert.equal(found.length, 1, `one step uses ${action}`);
  return found[0];
};

test('runs for version tags only', () => {
  assert.deepEqual(Object.keys(workflow.on), ['push']);
  assert.deepEqual(workflow.on.push, { tags: ['v*'] });
});

test('may push packages and nothing else', () => {
  assert.deepEqual(workflow.permissions, { contents: 'read', packages: 'write' });
});

test('pins every action it uses to an exact release', () => {
  const used = steps.filter((candidate) => candidate.uses).map((candidate) => candidate.uses);
  assert.ok(used.length >= 6);
  for (const uses of used) assert.match(uses, /^[\w-]+\/[\w-]+@(v\d+\.\d+\.\d+|[0-9a-f]{40})$/, uses);
});

test('builds the backend and web images that compose runs, from the Dockerfile compose builds', () => {
  const matrix = job.strategy.matrix.include;
  const image = (name) => services[name].image.replace(/^ghcr\.io\/\$\{GIFTCAST_OWNER:-[^}]+\}\//, '').split(':')[0];
  assert.deepEqual(
    matrix.map(({ image: name, target }) => [name, target]).sort(),
    [
      [image('backend'), services.backend.build.target],
      [image('web'), services.web.build.target],
    ].sort(),
  );
  const build = step('docker/build-push-action').with;
  assert.equal(build.file, services.backend.build.dockerfile);
  assert.equal(build.context, services.backend.build.context);
  assert.equal(build.target, '${{ matrix.target }}');
});

test('builds for amd64 and arm64 (QEMU and buildx set up), with an SBOM and full provenance, and pushes', () => {
  step('docker/setup-qemu-action');
  step('docker/setup-buildx-action');
  const build = step('docker/build-push-action').with;
  assert.deepEqual(build.platforms.split(',').sort(), ['linux/amd64', 'linux/arm64']);
  assert.equal(build.sbom, true);
  assert.equal(build.provenance, 'mode=max');
  assert.equal(build.push, true);
});

test('pushes to GHCR under the owner, tagged by docker/metadata-action with the version of the tag', () => {
  const login = step('docker/login-action').with;
  assert.equal(login.registry, 'ghcr.io');
  assert.equal(login.password, '${{ secrets.GITHUB_TOKEN }}');
  const meta = step('docker/metadata-action');
  assert.equal(meta.with.images, 'ghcr.io/${{ github.repository_owner }}/${{ matrix.image }}');
  assert.match(meta.with.tags, /^type=semver,pattern=\{\{version\}\}$/m);
  const build = step('docker/build-push-action').with;
  assert.equal(build.tags, `\${{ steps.${meta.id}.outputs.tags }}`);
  assert.equal(build.labels, `\${{ steps.${meta.id}.outputs.labels }}`);
});

test('refuses a tag that is not the version compose runs by default (the backend’s)', () => {
  const check = steps.find((candidate) => candidate.run?.includes('backend/package.json'));
  assert.ok(check, 'a step compares the tag with backend/package.json');
  assert.ok(steps.indexOf(check) < steps.indexOf(step('docker/build-push-action')));
  const { version } = JSON.parse(readFileSync(join(repo, 'backend/package.json'), 'utf8'));
  assert.ok(services.backend.image.endsWith(`:\${GIFTCAST_VERSION:-${version}}`));
});
