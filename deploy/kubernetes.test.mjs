// The Kubernetes manifests (deploy/kubernetes), without a cluster: every overlay rendered by kubectl's
// built-in Kustomize, every object validated against the Kubernetes API schema (kubernetes-models'
// validators, run by @kubernetes-models/validate), then held to what docs/deployment.md promises: probes,
// requests and limits, non-root containers on read-only roots without privilege escalation or
// capabilities, pinned images, no service account token, one migration Job that the backend waits
// for, a PodDisruptionBudget and an autoscaler for web and backend, NetworkPolicies that admit only
// what each part needs, every *_FILE setting in a mounted Secret, the Ingress carrying the upload and
// live-list settings of the nginx templates, and nginx's settings as the web image reads them.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, posix } from 'node:path';
import { after, describe, test } from 'node:test';
import { parseAllDocuments } from 'yaml';
import { imageProblem } from './image-pins.mjs';
import { MAIN_CONFIG, fillTemplate, settle, templates } from './nginx/local-nginx.mjs';

const repo = join(import.meta.dirname, '..');
const read = (path) => readFileSync(join(repo, path), 'utf8');
const OVERLAYS = join(repo, 'deploy/kubernetes/overlays');
const SECRET = 'giftcast-secrets';

/** kubectl's Kustomize output for `dir`, as objects; fails clearly where kubectl is missing. */
function render(dir) {
  const run = spawnSync('kubectl', ['kustomize', dir], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (run.error?.code === 'ENOENT') {
    assert.fail(
      'kubectl is not installed: the Kubernetes manifests are rendered with its built-in Kustomize (`kubectl kustomize`). ' +
        'Install kubectl 1.27 or newer (https://kubernetes.io/docs/tasks/tools/); Debian’s kubernetes-client is too old.',
    );
  }
  assert.equal(run.status, 0, `kubectl kustomize ${dir} failed:\n${run.stderr}`);
  return parseAllDocuments(run.stdout).map((document) => document.toJS());
}

/** Every API group's kinds, by kubernetes-models: `models.apps.v1.Deployment`, `models.v1.Service` (core). */
const models = await import('kubernetes-models');

/** The kubernetes-models class of an object; `networking.k8s.io/v1` is models.networkingK8sIo.v1. */
function modelOf({ apiVersion, kind }) {
  if (!apiVersion.includes('/')) return models[apiVersion]?.[kind];
  const [group, version] = apiVersion.split('/');
  return models[group.replace(/\.(\w)/g, (_, letter) => letter.toUpperCase())]?.[version]?.[kind];
}

/** The settings the backend parses (backend/src/config/config.schema.ts's envSchema), by name. */
const BACKEND_SETTINGS = (() => {
  const source = read('backend/src/config/config.schema.ts');
  const schema = source.slice(
    source.indexOf('export const envSchema'),
    source.indexOf('.superRefine(', source.indexOf('export const envSchema')),
  );
  return new Set([...schema.matchAll(/^ {4}([A-Z][A-Z0-9_]*):/gm)].map(([, name]) => name));
})();

const overlays = readdirSync(OVERLAYS, { withFileTypes: true }).filter((entry) => entry.isDirectory());

test('there is an example overlay for an operator who brings PostgreSQL and an S3 service', () => {
  assert.ok(overlays.some(({ name }) => name === 'example'));
});

for (const { name: overlay } of overlays) {
  describe(`overlay ${overlay}`, () => {
    const objects = render(join(OVERLAYS, overlay));
    const byKind = (kind) => objects.filter((object) => object.kind === kind);
    const named = (kind, name) => {
      const found = byKind(kind).find((object) => object.metadata.name === name);
      assert.ok(found, `${kind} ${name}`);
      return found;
    };
    const deployments = byKind('Deployment');
    const jobs = byKind('Job');
    const workloads = [...deployments, ...jobs];
    const podSpec = (workload) => workload.spec.template.spec;
    const containersOf = (workload) => [...(podSpec(workload).initContainers ?? []), ...podSpec(workload).containers];
    const configMaps = Object.fromEntries(byKind('ConfigMap').map((map) => [map.metadata.name, map.data ?? {}]));

    /** A container's environment as the kubelet gives it: envFrom ConfigMaps, then env, $(NAME) expanded. */
    const environmentOf = (workload, container) => {
      const env = {};
      for (const from of container.envFrom ?? []) {
        assert.ok(from.configMapRef, `${container.name}: envFrom only ConfigMaps (secrets come as files)`);
        Object.assign(env, configMaps[from.configMapRef.name]);
      }
      for (const { name, value, valueFrom } of container.env ?? []) {
        if (valueFrom?.configMapKeyRef)
          env[name] = configMaps[valueFrom.configMapKeyRef.name]?.[valueFrom.configMapKeyRef.key];
        else if (valueFrom?.fieldRef?.fieldPath === 'metadata.namespace')
          env[name] = workload.metadata.namespace ?? 'default';
        else if (valueFrom)
          assert.fail(`${container.name} ${name}: only ConfigMap keys and the namespace by reference`);
        else env[name] = value.replace(/\$\((\w+)\)/g, (match, reference) => env[reference] ?? match);
      }
      return env;
    };
    const component = (workload) => workload.spec.template.metadata.labels['app.kubernetes.io/component'];
    const workload = (name) => workloads.find((w) => component(w) === name);

    test('renders, and every object is valid against the Kubernetes API schema', () => {
      assert.ok(objects.length > 0);
      for (const object of objects) {
        const Model = modelOf(object);
        assert.ok(Model, `${object.apiVersion} ${object.kind} is a Kubernetes API kind`);
        assert.doesNotThrow(() => new Model(object).validate(), `${object.kind} ${object.metadata.name}`);
      }
    });

    test('the schema check itself refuses a malformed object', () => {
      const broken = structuredClone(named('Deployment', 'backend'));
      broken.spec.template.spec.containers[0].resources.limits.cpu = 'two cores';
      assert.throws(() => new (modelOf(broken))(broken).validate(), /quantity/);
    });

    test('runs web, backend and worker Deployments and exactly one migration Job, which runs the migrate entry', () => {
      assert.deepEqual(deployments.map(component).sort(), ['backend', 'web', 'worker']);
      assert.equal(jobs.length, 1);
      const [job] = jobs;
      assert.deepEqual(podSpec(job).containers[0].command, ['node', 'backend/dist/database/migrate.js']);
      assert.ok(job.spec.ttlSecondsAfterFinished > 0, 'a finished Job goes away, so the next release can create it');
      assert.ok(['OnFailure', 'Never'].includes(podSpec(job).restartPolicy));
    });

    test('the backend and the worker wait for the Job’s migrations; the backend serves HTTP alone', () => {
      for (const name of ['backend', 'worker']) {
        const env = environmentOf(workload(name), podSpec(workload(name)).containers[0]);
        assert.equal(env.MIGRATIONS, 'check', name);
        assert.equal(env.ROLE, name === 'backend' ? 'web' : 'worker', name);
        assert.equal(env.NODE_ENV, 'production', name);
      }
      const backend = environmentOf(workload('backend'), podSpec(workload('backend')).containers[0]);
      // Exactly one proxy in front of it: nginx.
      assert.equal(backend.TRUST_PROXY, '1');
    });

    test('every Deployment’s container has a liveness and a readiness probe on a port it declares', () => {
      for (const deployment of deployments) {
        for (const container of containersOf(deployment)) {
          const ports = new Set((container.ports ?? []).flatMap(({ name, containerPort }) => [name, containerPort]));
          for (const probe of ['livenessProbe', 'readinessProbe']) {
            const check = container[probe]?.httpGet;
            assert.ok(check, `${container.name} ${probe}`);
            assert.ok(ports.has(check.port), `${container.name} ${probe} port ${check.port}`);
          }
        }
      }
    });

    test('the backend and the worker are probed on /api/health/live and /api/health/ready, with time to start', () => {
      for (const name of ['backend', 'worker']) {
        const [container] = podSpec(workload(name)).containers;
        assert.equal(container.livenessProbe.httpGet.path, '/api/health/live', name);
        assert.equal(container.readinessProbe.httpGet.path, '/api/health/ready', name);
        // Waiting for the Job, it does not listen: the liveness probe starts once it does.
        assert.equal(container.startupProbe.httpGet.path, '/api/health/live', name);
        const { periodSeconds, failureThreshold } = container.startupProbe;
        assert.ok(periodSeconds * failureThreshold >= 300, `${name} may wait 5 minutes or more`);
      }
    });

    test('every container requests and is limited in CPU and memory', () => {
      for (const w of workloads) {
        for (const container of containersOf(w)) {
          for (const kind of ['requests', 'limits']) {
            for (const resource of ['cpu', 'memory']) {
              assert.ok(container.resources?.[kind]?.[resource], `${container.name} ${kind}.${resource}`);
            }
          }
        }
      }
    });

    test('every pod runs as a user other than root, with seccomp, no token, and no capability or privilege gain, on a read-only root', () => {
      for (const w of workloads) {
        const spec = podSpec(w);
        assert.equal(spec.automountServiceAccountToken, false, `${w.metadata.name} service account token`);
        assert.equal(spec.securityContext?.runAsNonRoot, true, `${w.metadata.name} runAsNonRoot`);
        assert.ok(spec.securityContext?.runAsUser > 0, `${w.metadata.name} runAsUser`);
        assert.equal(spec.securityContext?.seccompProfile?.type, 'RuntimeDefault', `${w.metadata.name} seccomp`);
        assert.ok(!spec.hostNetwork && !spec.hostPID && !spec.hostIPC, `${w.metadata.name} host namespaces`);
        for (const container of containersOf(w)) {
          const security = container.securityContext ?? {};
          assert.equal(security.allowPrivilegeEscalation, false, `${container.name} allowPrivilegeEscalation`);
          assert.equal(security.readOnlyRootFilesystem, true, `${container.name} readOnlyRootFilesystem`);
          assert.deepEqual(security.capabilities?.drop, ['ALL'], `${container.name} capabilities`);
          assert.equal(security.capabilities?.add, undefined, `${container.name} adds no capability`);
          assert.notEqual(security.privileged, true, `${container.name} privileged`);
          assert.notEqual(security.runAsUser, 0, `${container.name} runAsUser`);
        }
      }
      for (const account of byKind('ServiceAccount')) assert.equal(account.automountServiceAccountToken, false);
    });

    test('every image is pinned to a release: the published images at the backend’s version in the base', () => {
      for (const w of workloads) {
        for (const container of containersOf(w)) {
          assert.equal(imageProblem(container.image), undefined, `${container.name}: ${imageProblem(container.image)}`);
          assert.doesNotMatch(container.image, /:latest$/);
        }
      }
      const { version } = JSON.parse(read('backend/package.json'));
      const base = render(join(repo, 'deploy/kubernetes/base'));
      const images = new Set(
        base.filter((o) => o.spec?.template).flatMap((o) => o.spec.template.spec.containers.map((c) => c.image)),
      );
      assert.deepEqual([...images].sort(), [
        `ghcr.io/giftcast/giftcast-backend:${version}`,
        `ghcr.io/giftcast/giftcast-web:${version}`,
      ]);
    });

    test('web and backend each have a PodDisruptionBudget and an autoscaler, which alone sets their replicas', () => {
      for (const name of ['web', 'backend']) {
        const deployment = workload(name);
        const labels = deployment.spec.template.metadata.labels;
        const budget = byKind('PodDisruptionBudget').find(({ spec }) =>
          Object.entries(spec.selector.matchLabels).every(([key, value]) => labels[key] === value),
        );
        assert.ok(budget, `${name} PodDisruptionBudget`);
        assert.ok(budget.spec.maxUnavailable !== undefined || budget.spec.minAvailable !== undefined, name);
        const autoscaler = byKind('HorizontalPodAutoscaler').find(
          ({ spec }) =>
            spec.scaleTargetRef.kind === 'Deployment' && spec.scaleTargetRef.name === deployment.metadata.name,
        );
        assert.ok(autoscaler, `${name} HorizontalPodAutoscaler`);
        assert.ok(autoscaler.spec.minReplicas >= 2, `${name} keeps two replicas through a disruption`);
        assert.equal(deployment.spec.replicas, undefined, `${name}: kubectl apply would reset the autoscaler's count`);
        // One new replica at a time, ready before an old one goes.
        assert.deepEqual(deployment.spec.strategy.rollingUpdate, { maxSurge: 1, maxUnavailable: 0 });
      }
    });

    test('every *_FILE setting points at a key of the Secret, mounted into that container', () => {
      const keysUsed = new Set();
      for (const w of workloads) {
        for (const container of containersOf(w)) {
          const env = environmentOf(w, container);
          const files = Object.entries(env).filter(([name]) => name.endsWith('_FILE'));
          for (const [name, path] of files) {
            assert.ok(BACKEND_SETTINGS.has(name.replace(/_FILE$/, '')), `${name} names a setting the backend reads`);
            const mount = (container.volumeMounts ?? []).find(({ mountPath }) => posix.dirname(path) === mountPath);
            assert.ok(mount, `${container.name} ${name}: ${path} is in no mounted folder`);
            const volume = podSpec(w).volumes.find(({ name: v }) => v === mount.name);
            assert.equal(
              volume.secret?.secretName,
              SECRET,
              `${container.name} ${name}: ${path} is in the Secret ${SECRET}`,
            );
            const key = posix.basename(path);
            assert.ok(
              volume.secret.items.some((item) => item.key === key && item.path === key),
              `${container.name} ${name}: the volume holds the key ${key}`,
            );
            keysUsed.add(key);
            // The file and the variable both would be refused at start.
            assert.equal(env[name.replace(/_FILE$/, '')], undefined, `${container.name}: ${name} and its variable`);
          }
          // Nothing else of the Secret reaches it: each volume lists the keys its container reads.
          for (const volume of podSpec(w).volumes ?? []) {
            if (volume.secret?.secretName !== SECRET) continue;
            assert.deepEqual(
              volume.secret.items.map(({ key }) => key).sort(),
              files.map(([, path]) => posix.basename(path)).sort(),
              `${container.name} mounts the keys it reads, no more`,
            );
          }
        }
      }
      // The documented command (docs/deployment.md, Install) creates every key the manifests mount.
      const readme = read('docs/deployment.md');
      const command = /create secret generic giftcast-secrets((?:[^\n]*\\\n)*[^\n]*)/.exec(readme);
      assert.ok(command, 'docs/deployment.md shows how to create the Secret giftcast-secrets');
      const created = new Set(
        [...command[1].matchAll(/--from-file=(?:([\w.-]+)=)?\S*?([\w.-]+)(?=\s|$)/g)].map(
          ([, key, file]) => key ?? file,
        ),
      );
      assert.deepEqual(
        [...keysUsed].filter((key) => !created.has(key)),
        [],
      );
      assert.equal(byKind('Secret').length, 0, 'no Secret is committed');
    });

    test('the worker and the Job hold no admin secret; the Job only the database password', () => {
      const filesOf = (name) =>
        Object.keys(environmentOf(workload(name), podSpec(workload(name)).containers[0])).filter((n) =>
          n.endsWith('_FILE'),
        );
      assert.deepEqual(filesOf('migrate'), ['PGPASSWORD_FILE']);
      assert.deepEqual(
        filesOf('worker').filter((name) => /ADMIN|JWT/.test(name)),
        [],
      );
    });

    test('every ConfigMap setting of the backend is one it reads, explained in .env.example', () => {
      const example = read('.env.example');
      for (const name of ['backend', 'worker', 'migrate']) {
        const [container] = podSpec(workload(name)).containers;
        for (const setting of Object.keys(environmentOf(workload(name), container))) {
          const base = setting.replace(/_FILE$/, '');
          assert.ok(BACKEND_SETTINGS.has(base), `${name}: ${setting} is read by the backend`);
          // A secret's NAME_FILE is explained once, in the file's opening list of secrets.
          const explained =
            base === setting ? new RegExp(`^#?\\s*(CHANGE: )?${base}=`, 'm') : new RegExp(`\\b${base}\\b`);
          assert.ok(explained.test(example), `${setting} is explained in .env.example`);
        }
      }
    });

    test('DATABASE_SSL_CA, where a path, is a file of a mounted volume', () => {
      for (const name of ['backend', 'worker', 'migrate']) {
        const w = workload(name);
        const [container] = podSpec(w).containers;
        const ca = environmentOf(w, container).DATABASE_SSL_CA;
        if (!ca || ca.startsWith('-----BEGIN')) continue;
        const mount = container.volumeMounts.find(({ mountPath }) => posix.dirname(ca) === mountPath);
        assert.ok(mount, `${name}: ${ca} is in a mounted folder`);
        const volume = podSpec(w).volumes.find((v) => v.name === mount.name);
        const source = configMaps[volume.configMap?.name];
        assert.ok(
          source?.[posix.basename(ca)] ?? volume.secret,
          `${name}: ${ca} is a key of ${volume.configMap?.name}`,
        );
      }
    });

    test('every container writes only to emptyDir volumes of bounded size; the worker transcodes in /tmp', () => {
      for (const w of workloads) {
        for (const container of containersOf(w)) {
          for (const mount of container.volumeMounts ?? []) {
            const volume = podSpec(w).volumes.find(({ name }) => name === mount.name);
            if (volume.emptyDir) assert.ok(volume.emptyDir.sizeLimit, `${container.name} ${mount.mountPath} is sized`);
            else assert.equal(mount.readOnly, true, `${container.name} ${mount.mountPath} is read-only`);
          }
        }
      }
      const worker = podSpec(workload('worker'));
      const tmp = worker.containers[0].volumeMounts.find(({ mountPath }) => mountPath === '/tmp');
      assert.ok(
        worker.volumes.find(({ name }) => name === tmp?.name)?.emptyDir,
        'the worker transcodes in an emptyDir /tmp',
      );
      assert.match(read('backend/src/video/transcode.job.ts'), /mkdtemp\(join\(tmpdir\(\), /);
    });

    describe('web: the nginx image as compose runs it, unprivileged behind the Ingress', () => {
      const web = workload('web');
      const [container] = podSpec(web).containers;
      const dockerfile = read('deploy/Dockerfile');
      const webStage = dockerfile.slice(dockerfile.search(/^FROM \S+ AS web$/m));
      const imageEnv = Object.fromEntries(
        /^ENV (.+)$/m
          .exec(webStage)[1]
          .split(/\s+/)
          .map((pair) => pair.split('=')),
      );
      const scratch = mkdtempSync(join(tmpdir(), 'giftcast-kubernetes-'));
      after(() => rmSync(scratch, { recursive: true, force: true }));
      // A pod's resolv.conf, as the kubelet writes it.
      const resolvConf = join(scratch, 'resolv.conf');
      writeFileSync(
        resolvConf,
        'search giftcast.svc.cluster.local svc.cluster.local cluster.local\nnameserver 10.96.0.10\noptions ndots:5\n',
      );
      const env = { ...imageEnv, ...environmentOf(web, container), RESOLV_CONF: resolvConf };

      test('its settings pass the image’s settings script and fill in every template: plain HTTP on its port, above 1024', () => {
        const settled = settle(env);
        assert.equal(settled.GIFTCAST_SERVERS, 'plain');
        const port = container.ports.find(({ name }) => name === 'http').containerPort;
        assert.equal(Number(settled.LISTEN_PORT), port);
        assert.ok(port > 1024, 'an unprivileged user binds it');
        for (const { output, text } of templates()) {
          assert.doesNotThrow(() => fillTemplate(settled, text), output);
        }
      });

      test('it follows the backend’s Service by its full name through the cluster’s DNS, balancing over the ready pods', () => {
        const settled = settle(env);
        const service = named('Service', 'backend');
        assert.equal(service.spec.clusterIP, 'None', 'a headless Service answers with every ready pod');
        const [host, port] = settled.BACKEND_UPSTREAM.split(':');
        assert.equal(host, `backend.${web.metadata.namespace ?? 'default'}.svc.cluster.local`);
        assert.equal(Number(port), service.spec.ports[0].port);
        assert.equal(settled.RESOLVER, '10.96.0.10');
        assert.equal(settled.GIFTCAST_BACKEND_SERVER, `${settled.BACKEND_UPSTREAM} resolve`);
      });

      test('it believes the ingress controller’s X-Forwarded-For, so the budgets count each visitor', () => {
        assert.ok(env.TRUSTED_PROXIES?.trim(), 'TRUSTED_PROXIES names the controller’s pods');
        assert.ok(settle(env).GIFTCAST_REAL_IP_FROM.includes('set_real_ip_from'));
      });

      test('every place nginx writes is an emptyDir: conf.d, its cache and temporary files, its pid', () => {
        const main = readFileSync(MAIN_CONFIG, 'utf8');
        const written = [
          '/etc/nginx/conf.d',
          settle(env).GIFTCAST_CACHE_DIR,
          posix.dirname(/^pid (\S+);$/m.exec(main)[1]),
          ...[...main.matchAll(/^\s*\w+_temp_path (\S+);$/gm)].map(([, path]) => posix.dirname(path)),
        ];
        const mounted = container.volumeMounts.filter(({ name }) =>
          podSpec(web).volumes.some((volume) => volume.name === name && volume.emptyDir),
        );
        for (const path of written) {
          assert.ok(
            mounted.some(({ mountPath }) => path === mountPath || path.startsWith(`${mountPath}/`)),
            `${path} is in an emptyDir`,
          );
        }
      });

      test('only settings by upper-case name reach the templates, which use nginx’s lower-case variables', () => {
        assert.equal(podSpec(web).enableServiceLinks, false);
        for (const name of Object.keys(env)) assert.match(name, /^[A-Z][A-Z0-9_]*$/);
      });
    });

    describe('the Ingress', () => {
      const ingresses = byKind('Ingress');
      const site = read('deploy/nginx/templates/giftcast/site.conf.template');
      /** The directives of site.conf's location `pattern`, as `{ name: value }`. */
      const location = (pattern) => {
        const start = site.indexOf(`location ${pattern} {`);
        assert.ok(start >= 0, `site.conf.template has location ${pattern}`);
        const body = site.slice(start, site.indexOf('}', start));
        return Object.fromEntries([...body.matchAll(/^\s*(\w+) ([^;]+);/gm)].map(([, name, value]) => [name, value]));
      };
      const seconds = (value) =>
        Number(/^(\d+)h$/.exec(value)?.[1] ?? NaN) * 3600 || Number(/^(\d+)s?$/.exec(value)?.[1]);
      const routing = (path) => {
        const found = ingresses.filter(({ spec }) =>
          spec.rules.some(({ http }) => http.paths.some((p) => p.path === path)),
        );
        assert.equal(found.length, 1, `one Ingress routes ${path}`);
        return found[0];
      };
      const annotation = (ingress, name) => ingress.metadata.annotations?.[`nginx.ingress.kubernetes.io/${name}`];

      test('answers for PUBLIC_URL’s host over TLS, sending everything to web', () => {
        const host = new URL(configMaps[Object.keys(configMaps).find((n) => configMaps[n].PUBLIC_URL)].PUBLIC_URL).host;
        const service = named('Service', 'web');
        for (const ingress of ingresses) {
          assert.equal(ingress.spec.ingressClassName, 'nginx');
          assert.deepEqual(ingress.spec.tls, [{ hosts: [host], secretName: 'giftcast-tls' }], ingress.metadata.name);
          for (const rule of ingress.spec.rules) {
            assert.equal(rule.host, host);
            for (const { backend } of rule.http.paths) {
              assert.equal(backend.service.name, 'web');
              assert.ok(service.spec.ports.some(({ name }) => name === backend.service.port.name));
            }
          }
        }
        assert.ok(routing('/'), 'the whole site');
      });

      test('asks cert-manager for one certificate, on one Ingress', () => {
        const asking = ingresses.filter(({ metadata }) =>
          Object.keys(metadata.annotations ?? {}).some((name) => name.startsWith('cert-manager.io/')),
        );
        assert.equal(asking.length, 1);
        assert.ok(asking[0].metadata.annotations['cert-manager.io/cluster-issuer']);
      });

      test('carries the upload route’s body size, unbuffered body and hour-long timeouts from the nginx template', () => {
        const upload = location('~ ^/api/messages/[^/]+/video$');
        const ingress = routing('/api/messages/');
        assert.equal(annotation(ingress, 'proxy-body-size'), upload.client_max_body_size);
        assert.equal(annotation(ingress, 'proxy-request-buffering'), upload.proxy_request_buffering);
        assert.equal(Number(annotation(ingress, 'proxy-read-timeout')), seconds(upload.proxy_read_timeout));
        assert.equal(Number(annotation(ingress, 'proxy-send-timeout')), seconds(upload.proxy_send_timeout));
      });

      test('carries the live /try list’s unbuffered stream and long read timeout from the nginx template', () => {
        const stream = location('= /api/qr/available/stream');
        const ingress = routing('/api/qr/available/stream');
        assert.equal(annotation(ingress, 'proxy-buffering'), stream.proxy_buffering);
        assert.equal(Number(annotation(ingress, 'proxy-read-timeout')), seconds(stream.proxy_read_timeout));
      });

      test('keeps the controller’s defaults elsewhere: nginx has the same for the rest of the API', () => {
        assert.deepEqual(routing('/').metadata.annotations ?? {}, { 'cert-manager.io/cluster-issuer': 'letsencrypt' });
        assert.equal(site.match(/client_max_body_size 1m;/g)?.length, 1);
      });
    });

    describe('NetworkPolicies', () => {
      const policies = byKind('NetworkPolicy');
      const matches = (selector, labels) =>
        Object.entries(selector.matchLabels ?? {}).every(([key, value]) => labels[key] === value) &&
        (selector.matchExpressions ?? []).every(({ key, operator, values }) =>
          operator === 'In' ? values.includes(labels[key]) : operator === 'Exists' ? key in labels : false,
        );
      const selecting = (w, type) =>
        policies.filter(
          ({ spec }) => spec.policyTypes.includes(type) && matches(spec.podSelector, w.spec.template.metadata.labels),
        );
      const rules = (w, type) =>
        selecting(w, type).flatMap(({ spec }) => spec[type === 'Ingress' ? 'ingress' : 'egress'] ?? []);
      const ports = (ruleList) => new Set(ruleList.flatMap((rule) => (rule.ports ?? []).map(({ port }) => port)));
      const peersTo = (ruleList, port) =>
        ruleList.filter((rule) => rule.ports?.some((p) => p.port === port)).flatMap((rule) => rule.to ?? rule.from);

      test('deny everything in and out of every pod unless a policy admits it', () => {
        assert.ok(
          policies.some(
            ({ spec }) =>
              Object.keys(spec.podSelector).length === 0 &&
              spec.policyTypes.includes('Ingress') &&
              spec.policyTypes.includes('Egress') &&
              !spec.ingress &&
              !spec.egress,
          ),
        );
      });

      test('admit the ingress controller alone to web, on its port', () => {
        const web = workload('web');
        const admitted = rules(web, 'Ingress');
        const port = podSpec(web).containers[0].ports[0].containerPort;
        assert.deepEqual([...ports(admitted)], [port]);
        for (const peer of admitted.flatMap((rule) => rule.from)) {
          assert.equal(peer.namespaceSelector?.matchLabels?.['kubernetes.io/metadata.name'], 'ingress-nginx');
          assert.ok(peer.podSelector, 'the controller’s pods, not its whole namespace');
        }
      });

      test('admit web alone to the backend, and nothing to the worker or the migration Job', () => {
        const backend = workload('backend');
        const admitted = rules(backend, 'Ingress');
        assert.deepEqual([...ports(admitted)], [podSpec(backend).containers[0].ports[0].containerPort]);
        for (const peer of admitted.flatMap((rule) => rule.from)) {
          assert.deepEqual(Object.keys(peer), ['podSelector']);
          assert.ok(matches(peer.podSelector, workload('web').spec.template.metadata.labels));
        }
        for (const name of ['worker', 'migrate']) assert.deepEqual(rules(workload(name), 'Ingress'), [], name);
      });

      test('let web reach the backend and DNS alone; the backend, the worker and the Job PostgreSQL; the backend and the worker S3 and SMTP', () => {
        const egressPorts = (name) => [...ports(rules(workload(name), 'Egress'))].sort((a, b) => a - b);
        assert.deepEqual(egressPorts('web'), [53, 443, 3000]);
        assert.deepEqual(egressPorts('migrate'), [53, 5432]);
        for (const name of ['backend', 'worker'])
          assert.deepEqual(egressPorts(name), [25, 53, 443, 465, 587, 5432], name);
        for (const peer of peersTo(rules(workload('web'), 'Egress'), 3000)) {
          assert.ok(matches(peer.podSelector, workload('backend').spec.template.metadata.labels));
        }
        for (const name of Object.keys({ web: 0, backend: 0, worker: 0, migrate: 0 })) {
          for (const peer of peersTo(rules(workload(name), 'Egress'), 53)) {
            assert.equal(peer.podSelector?.matchLabels?.['k8s-app'], 'kube-dns', name);
          }
        }
      });

      test('let cert-manager’s HTTP-01 solver answer the ingress controller', () => {
        const solver = { 'acme.cert-manager.io/http01-solver': 'true' };
        const admitted = policies
          .filter(({ spec }) => spec.policyTypes.includes('Ingress') && matches(spec.podSelector, solver))
          .flatMap(({ spec }) => spec.ingress ?? []);
        assert.deepEqual([...ports(admitted)], [8089]);
      });
    });
  });
}
