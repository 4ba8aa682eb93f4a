// The compose profile `monitoring` and the metrics port, read without a Docker engine: Prometheus
// scrapes the backend and the worker on the port the compose file gives them, nginx never routes
// that port, every compose health check of the backend image asks readiness, and the provisioned
// dashboard charts only figures the backend defines.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { parse } from 'yaml';

const repo = join(import.meta.dirname, '..');
const read = (path) => readFileSync(join(repo, path), 'utf8');
const { services } = parse(read('docker-compose.yml'), { merge: true });

/** Every file under a folder of the repository, recursively. */
const filesUnder = (folder) =>
  readdirSync(join(repo, folder), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));

test('Prometheus scrapes the backend and the worker on the METRICS_PORT compose gives them', () => {
  const prometheus = parse(read('deploy/monitoring/prometheus.yml'));
  const [discovery] = prometheus.scrape_configs[0].dns_sd_configs;
  assert.deepEqual(discovery.names.sort(), ['backend', 'worker']);
  for (const name of ['backend', 'worker']) {
    assert.equal(String(services[name].environment.METRICS_PORT), String(discovery.port), name);
    assert.ok(!services[name].ports, `${name} publishes no port`);
  }
  assert.deepEqual(services.prometheus.profiles, ['monitoring']);
  assert.deepEqual(services.grafana.profiles, ['monitoring']);
  // Grafana on this machine only.
  assert.match(services.grafana.ports[0], /^127\.0\.0\.1:/);
});

test('nginx never routes the metrics port', () => {
  for (const file of filesUnder('deploy/nginx')) {
    assert.doesNotMatch(readFileSync(file, 'utf8'), /9464|METRICS_PORT|\/metrics\b/, file);
  }
});

test('the backend and the worker are checked on readiness, each allowing for its start', () => {
  for (const name of ['backend', 'worker']) {
    assert.match(services[name].healthcheck.test.join(' '), /\/api\/health\/ready/, name);
    assert.ok(services[name].healthcheck.start_period, name);
  }
});

test('the dashboard charts only figures the backend defines, and every Giftcast figure is on it', () => {
  const dashboard = JSON.parse(read('deploy/monitoring/grafana/dashboards/giftcast.json'));
  const queried = new Set(
    dashboard.panels.flatMap((panel) => panel.targets.flatMap(({ expr }) => expr.match(/giftcast_[a-z_]+/g) ?? [])),
  );
  const defined = new Set(read('backend/src/metrics/metrics.ts').match(/(?<=')giftcast_[a-z_]+(?=')/g));
  const base = (name) => name.replace(/_(bucket|count|sum)$/, '');
  assert.deepEqual(
    [...queried].map(base).filter((name) => !defined.has(name)),
    [],
  );
  assert.deepEqual(
    [...defined].filter((name) => ![...queried].map(base).includes(name)),
    [],
  );
  const datasource = parse(read('deploy/monitoring/grafana/provisioning/datasources/prometheus.yml'));
  for (const panel of dashboard.panels) assert.equal(panel.datasource.uid, datasource.datasources[0].uid, panel.title);
});
