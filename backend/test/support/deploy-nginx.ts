import { spawn } from 'node:child_process';
import { join, resolve } from 'node:path';
import { freePort } from '../../src/local/free-port';
import { eventually } from './eventually';

const LOCAL_NGINX = resolve(__dirname, '../../../deploy/nginx/local-nginx.mjs');

export interface DeployNginx {
  /** nginx's own address, `http://127.0.0.1:<port>`. */
  site: string;
  /** Its access log, in `webRoot`. */
  accessLog: string;
  /** Resolves once `path` answers 200 through nginx. */
  answering(path: string): Promise<void>;
  stop(): Promise<void>;
}

/**
 * The deploy nginx template (deploy/nginx/local-nginx.mjs) on a free port in front of `upstreams`
 * (`host:port` each, as compose's replicas), serving `webRoot` as the web app's files.
 */
export async function startDeployNginx(upstreams: string[], webRoot: string): Promise<DeployNginx> {
  const port = await freePort();
  const site = `http://127.0.0.1:${port}`;
  const accessLog = join(webRoot, 'nginx-access.log');
  const nginx = spawn(process.execPath, [LOCAL_NGINX], {
    env: {
      ...process.env,
      BACKEND_UPSTREAM: upstreams.join(' '),
      LISTEN_PORT: `127.0.0.1:${port}`,
      WEB_ROOT: webRoot,
      ACCESS_LOG: accessLog,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return {
    site,
    accessLog,
    async answering(path) {
      await eventually(
        () =>
          fetch(`${site}${path}`).then(
            (r) => r.status,
            () => 0,
          ),
        (status) => status === 200,
        'nginx',
        20_000,
      );
    },
    async stop() {
      if (nginx.exitCode !== null) return;
      const exited = new Promise((done) => nginx.once('exit', done));
      nginx.kill('SIGTERM');
      await exited;
    },
  };
}
