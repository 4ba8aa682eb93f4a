// Every image the stack runs or builds on exists, is maintained and is pinned: none from a
// registry namespace that is gone or archived (MinIO's own images: Docker Hub's were removed in
// September 2026, quay.io's froze at RELEASE.2025-09-07 without the CVE-2025-62506 fix; Bitnami's
// legacy catalogue), none by a floating tag (`latest`, no tag, a major version alone), and Node.js
// 24 LTS where the project's own code runs, the same release CI installs. Renovate proposes their
// updates (renovate.json) and pins their digests; no digest is written here by hand.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { parse } from 'yaml';
import { imageProblem } from './image-pins.mjs';

const repo = join(import.meta.dirname, '..');
const compose = parse(readFileSync(join(repo, 'docker-compose.yml'), 'utf8'), { merge: true });

/** An image as compose runs it with an empty .env: `${NAME:-default}` gives its default. */
const withDefaults = (image) => image.replace(/\$\{\w+:-([^}]*)\}/g, '$1');

/** `FROM` and `COPY --from=` images of a Dockerfile, by stage; earlier stages are left out. */
function dockerfileImages(path) {
  const stages = new Set();
  const images = [];
  let stage;
  for (const line of readFileSync(join(repo, path), 'utf8').split('\n')) {
    const from = /^\s*FROM\s+(?:--\S+\s+)*(\S+)(?:\s+AS\s+(\S+))?/i.exec(line);
    const copy = /^\s*COPY\s+(?:--\S+\s+)*?--from=(\S+)/i.exec(line);
    if (from) {
      stage = from[2];
      if (!stages.has(from[1])) images.push({ image: from[1], stage });
      if (stage) stages.add(stage);
    } else if (copy && !stages.has(copy[1])) {
      images.push({ image: copy[1], stage: `${stage} (COPY --from)` });
    }
  }
  return images;
}

const dockerfiles = [
  ...new Set(
    Object.values(compose.services)
      .filter((service) => service.build)
      .map((service) => join(service.build.context ?? '.', service.build.dockerfile ?? 'Dockerfile')),
  ),
];
const images = [
  ...Object.entries(compose.services)
    .filter(([, service]) => service.image)
    .map(([name, service]) => ({ where: `service ${name}`, image: withDefaults(service.image) })),
  ...dockerfiles.flatMap((path) =>
    dockerfileImages(path).map(({ image, stage }) => ({ where: `${path} ${stage}`, image })),
  ),
];

test('the check refuses gone and archived namespaces and floating tags, and takes exact releases', () => {
  for (const bad of [
    'minio/minio:RELEASE.2025-09-07T16-13-09Z',
    'docker.io/minio/mc:RELEASE.2025-08-13T08-35-41Z',
    'quay.io/minio/minio:RELEASE.2025-09-07T16-13-09Z',
    'quay.io/minio/mc:RELEASE.2025-08-13T08-35-41Z',
    'minio/console:v1.7.6',
    'bitnami/postgresql:17.6.0',
    'postgres:17-alpine',
    'postgres',
    'nginx:latest',
    'nginx:1.27-alpine',
    'node:24-bookworm-slim',
    'node:lts',
  ])
    assert.ok(imageProblem(bad), bad);
  for (const good of [
    'pgsty/minio:RELEASE.2026-08-04T00-00-00Z',
    'pgsty/mc:RELEASE.2026-09-16T00-00-00Z',
    'postgres:17.11-alpine',
    'nginx:1.30.4-alpine',
    'ghcr.io/giftcast/giftcast-backend:0.1.0',
    'node:24.21.0-bookworm-slim',
    'certbot/certbot:v5.9.0',
    `nginx@sha256:${'a'.repeat(64)}`,
  ])
    assert.equal(imageProblem(good), undefined, good);
});

test('every image of the compose file and its Dockerfiles is pinned and can be pulled', () => {
  assert.ok(images.length >= 6, 'images found');
  assert.deepEqual(
    images.map(({ where, image }) => imageProblem(image) && `${where}: ${imageProblem(image)}`).filter(Boolean),
    [],
  );
});

test('the project runs on Node.js 24 LTS in its images, the release CI installs', () => {
  const installed = /^version=(\S+)$/m.exec(readFileSync(join(repo, '.ci/install-node'), 'utf8'))[1];
  assert.match(installed, /^24\./);
  const node = images.filter(({ image }) => /^node:/.test(image));
  assert.ok(node.length > 0);
  for (const { where, image } of node)
    assert.match(image, new RegExp(`^node:${installed.replaceAll('.', '\\.')}-`), where);
});

test('restic comes from its official image, at an exact release', () => {
  const restic = images.filter(({ image }) => /(^|\/)restic[:@]/.test(image));
  assert.equal(restic.length, 1);
  assert.match(restic[0].image, /^restic\/restic:\d+\.\d+\.\d+$/);
});

test('the object store and its client come from the maintained fork, on dated releases', () => {
  const minio = images.filter(({ image }) => /(^|\/)(minio|mc)[:@]/.test(image));
  assert.deepEqual(
    minio.map(({ image }) => image.split(':')[0]),
    ['pgsty/minio', 'pgsty/mc'],
  );
});

test('nginx is on a line nginx still supports and new enough to follow the backend by name', () => {
  const nginx = images.filter(({ image }) => /^nginx:/.test(image));
  assert.ok(nginx.length > 0);
  for (const { where, image } of nginx) {
    const [major, minor, patch] = /^nginx:(\d+)\.(\d+)\.(\d+)/.exec(image).slice(1).map(Number);
    // `resolve` on upstream servers: 1.27.3; the stable line of 2026 is 1.30.
    assert.ok(major > 1 || minor >= 30, `${where}: ${image}`);
    assert.ok(minor > 27 || (minor === 27 && patch >= 3));
    // 1.30.4 fixed three CVEs of 1.30.3.
    assert.ok(minor > 30 || (minor === 30 && patch >= 4), `${where}: ${image}`);
  }
});

test('Renovate watches every image (compose, Dockerfile), npm package and the Node.js release, and pins image digests', () => {
  const renovate = JSON.parse(readFileSync(join(repo, 'renovate.json'), 'utf8'));
  for (const manager of ['docker-compose', 'dockerfile', 'npm', 'custom.regex'])
    assert.ok(renovate.enabledManagers.includes(manager), manager);
  assert.ok(
    renovate.packageRules.some((rule) => rule.matchDatasources?.includes('docker') && rule.pinDigests === true),
  );
  // The custom manager finds the version .ci/install-node installs, as Renovate reads it.
  const [node] = renovate.customManagers;
  const installNode = readFileSync(join(repo, '.ci/install-node'), 'utf8');
  const pattern = new RegExp(node.managerFilePatterns[0].slice(1, -1));
  assert.ok(pattern.test('.ci/install-node'));
  const found = new RegExp(node.matchStrings[0]).exec(installNode)?.groups?.currentValue;
  assert.equal(found, /^version=(\S+)$/m.exec(installNode)[1]);
  assert.equal(node.depNameTemplate, 'node');
  // …proposed together with the Dockerfile's node image.
  assert.ok(renovate.packageRules.some((rule) => rule.groupName && rule.matchPackageNames?.includes('node')));
});
