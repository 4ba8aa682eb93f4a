import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import {
  chmodSync,
  chownSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { freePort } from '../../src/local/free-port';
import { eventually } from './eventually';

/** The role the app logs in as, with a password (SCRAM), as on a managed service. */
export const TLS_DATABASE_USER = 'giftcast';
export const TLS_DATABASE_PASSWORD = 'a-database-password-for-the-tls-test';

export interface TlsPostgres {
  port: number;
  /** The CA that signed the server's certificate: a PEM file, and its text. */
  caFile: string;
  caPem: string;
  /** A DATABASE_URL without a password for the app's role, on `host` (127.0.0.1, which the certificate names, or 127.0.0.2, which it does not). */
  url(host?: string): string;
  stop(): Promise<void>;
}

/** The newest PostgreSQL server programs: PG_BINDIR, else Debian's /usr/lib/postgresql/<major>/bin. */
function serverPrograms(): string {
  const debian = existsSync('/usr/lib/postgresql')
    ? readdirSync('/usr/lib/postgresql')
        .filter((major) => /^\d+$/.test(major))
        .sort((a, b) => Number(b) - Number(a))
        .map((major) => `/usr/lib/postgresql/${major}/bin`)
    : [];
  const found = [process.env.PG_BINDIR, ...debian].find(
    (dir) => dir && existsSync(join(dir, 'initdb')) && existsSync(join(dir, 'postgres')),
  );
  if (!found) {
    throw new Error(
      "the database TLS test runs a PostgreSQL server of its own and needs its programs initdb and postgres: install Debian's postgresql package (.ci/run does), or name their folder in PG_BINDIR",
    );
  }
  return found;
}

/** uid and gid to run the server as: the postgres user when we are root (initdb refuses root), else ourselves. */
function serverUser(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
  return { uid: id('-u'), gid: id('-g') };
}

function openssl(args: string[]): void {
  execFileSync('openssl', args, { stdio: 'pipe' });
}

/**
 * A CA of the test's own and a server certificate it signed for 127.0.0.1 alone (not 127.0.0.2,
 * which reaches the same server: the name check has something to refuse).
 */
function makeCertificates(dir: string): { caFile: string; certificate: string; key: string } {
  const ec = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '2'];
  const caFile = join(dir, 'ca.pem');
  const caKey = join(dir, 'ca.key');
  openssl(['req', '-x509', ...ec, '-subj', '/CN=Giftcast test CA', '-keyout', caKey, '-out', caFile]);
  const certificate = join(dir, 'server.pem');
  const key = join(dir, 'server.key');
  openssl([
    'req',
    '-x509',
    ...ec,
    '-subj',
    '/CN=127.0.0.1',
    '-addext',
    'subjectAltName=IP:127.0.0.1',
    '-CA',
    caFile,
    '-CAkey',
    caKey,
    '-keyout',
    key,
    '-out',
    certificate,
  ]);
  return { caFile, certificate, key };
}

/**
 * A PostgreSQL server of the test's own (the machine's shared one keeps its configuration), in a
 * temporary folder: TLS on with a certificate the test makes, listening on 127.0.0.1 and 127.0.0.2
 * on a free port, plain connections allowed too (so that a client's choice shows in pg_stat_ssl),
 * `postgres` trusted and the app's role with a password.
 */
export async function startTlsPostgres(): Promise<TlsPostgres> {
  const bin = serverPrograms();
  const user = serverUser();
  const dir = mkdtempSync(join(tmpdir(), 'giftcast-tls-postgres-'));
  const data = join(dir, 'data');
  const { caFile, certificate, key } = makeCertificates(dir);
  chmodSync(key, 0o600);
  if (user) {
    for (const path of [dir, certificate, key]) chownSync(path, user.uid, user.gid);
  }
  const asServer = { ...user, stdio: 'pipe' as const };
  execFileSync(join(bin, 'initdb'), ['-D', data, '-U', 'postgres', '--auth=trust', '--no-sync'], asServer);
  writeFileSync(
    join(data, 'pg_hba.conf'),
    [
      `host all postgres 127.0.0.0/8 trust`,
      `host all ${TLS_DATABASE_USER} 127.0.0.0/8 scram-sha-256`,
      `local all postgres trust`,
      '',
    ].join('\n'),
  );
  const port = await freePort();
  const settings = {
    listen_addresses: '127.0.0.1,127.0.0.2',
    port: String(port),
    unix_socket_directories: dir,
    ssl: 'on',
    ssl_cert_file: certificate,
    ssl_key_file: key,
    fsync: 'off',
    max_connections: '40',
    shared_buffers: '16MB',
  };
  const server: ChildProcess = spawn(
    join(bin, 'postgres'),
    ['-D', data, ...Object.entries(settings).flatMap(([name, value]) => ['-c', `${name}=${value}`])],
    asServer,
  );
  let log = '';
  server.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const exited = new Promise<void>((done) => server.once('exit', () => done()));

  const asPostgres = () => new Client({ host: '127.0.0.1', port, user: 'postgres', database: 'postgres' });
  await eventually(
    async () => {
      if (server.exitCode !== null) throw new Error(`the TLS test's PostgreSQL stopped: ${log}`);
      const client = asPostgres();
      try {
        await client.connect();
        return true;
      } catch {
        return false;
      } finally {
        await client.end().catch(() => undefined);
      }
    },
    Boolean,
    "the TLS test's PostgreSQL to accept connections",
    30_000,
  );
  const admin = asPostgres();
  await admin.connect();
  await admin.query(`CREATE ROLE ${TLS_DATABASE_USER} LOGIN PASSWORD '${TLS_DATABASE_PASSWORD}'`);
  await admin.query(`CREATE DATABASE giftcast OWNER ${TLS_DATABASE_USER}`);
  await admin.end();

  return {
    port,
    caFile,
    caPem: readFileSync(caFile, 'utf8'),
    url: (host = '127.0.0.1') => `postgres://${TLS_DATABASE_USER}@${host}:${port}/giftcast`,
    async stop() {
      if (server.exitCode === null) server.kill('SIGINT'); // fast shutdown: connections are ended
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
