// Stands in for `docker compose` where no Docker engine runs, for deploy/backup.sh and
// deploy/restore.sh with --compose (COMPOSE="node compose-stand-in.mjs"). It accepts exactly the
// calls they make and runs each as the stack would, on this machine:
//   --project-directory DIR ps --status running --services   prints STAND_IN_RUNNING (services, one a line)
//   --project-directory DIR exec -T postgres sh -c CMD       CMD with the postgres image's POSTGRES_USER
//                                                            and POSTGRES_DB, against the test server
//   --project-directory DIR run --rm --no-deps -T --user UID:GID --volume SRC:/backup:ro|rw backend node ARGS...
//                                                            node ARGS in DIR (the image's /app), /backup being SRC
// Anything else fails, so a changed call in the scripts is noticed.
import { spawn } from 'node:child_process';

const fail = (message) => {
  console.error(`compose stand-in: ${message}: ${process.argv.slice(2).join(' ')}`);
  process.exit(2);
};
const take = (args, ...expected) => {
  for (const word of expected) if (args.shift() !== word) fail(`expected ${word}`);
};

const args = process.argv.slice(2);
take(args, '--project-directory');
const project = args.shift();

const run = (command, commandArgs, options) => {
  const child = spawn(command, commandArgs, { stdio: 'inherit', ...options });
  child.on('close', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
};

switch (args.shift()) {
  case 'ps':
    take(args, '--status', 'running', '--services');
    if (args.length) fail('unexpected arguments');
    for (const service of (process.env.STAND_IN_RUNNING ?? '').split(',').filter(Boolean)) console.log(service);
    break;
  case 'exec': {
    take(args, '-T', 'postgres', 'sh', '-c');
    if (args.length !== 1) fail('expected one command');
    const database = new URL(process.env.STAND_IN_DATABASE_URL);
    run('sh', ['-c', args[0]], {
      env: {
        PATH: process.env.PATH,
        POSTGRES_USER: decodeURIComponent(database.username),
        POSTGRES_DB: database.pathname.slice(1),
        PGHOST: database.hostname,
        PGPORT: database.port || '5432',
      },
    });
    break;
  }
  case 'run': {
    take(args, '--rm', '--no-deps', '-T', '--user');
    if (!/^\d+:\d+$/.test(args.shift() ?? '')) fail('expected --user UID:GID');
    take(args, '--volume');
    const volume = /^(\/.+):\/backup:(ro|rw)$/.exec(args.shift() ?? '');
    if (!volume) fail('expected --volume /absolute/folder:/backup:ro|rw');
    take(args, 'backend', 'node');
    run(
      process.execPath,
      args.map((arg) => arg.replace(/^\/backup(?=\/|$)/, volume[1])),
      { cwd: project },
    );
    break;
  }
  default:
    fail('unexpected command');
}
