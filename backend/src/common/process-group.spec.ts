import { setTimeout as sleep } from 'node:timers/promises';
import { isRunning } from '../../test/support/processes';
import { startProcessGroup, type ProcessGroupOptions } from './process-group';

const options: ProcessGroupOptions = {
  name: 'the test script',
  env: { PATH: process.env.PATH },
  timeoutMs: 60_000,
  timeoutReason: () => new Error('too slow'),
  stopWith: 'SIGKILL',
  stderrTail: 10,
};

describe('startProcessGroup', () => {
  it("ends with the process's exit, its output and the end of its error output", async () => {
    const { ended } = startProcessGroup('sh', ['-c', 'echo out; echo 0123456789abcdef >&2; exit 4'], {
      ...options,
      maxStdoutBytes: 1000,
    });
    await expect(ended).resolves.toEqual({
      code: 4,
      signal: null,
      stdout: 'out\n',
      stderr: '789abcdef\n',
      stopped: undefined,
    });
  });

  it('passes only the environment it is given', async () => {
    process.env.GIFTCAST_SECRET_FOR_TEST = 'secret';
    try {
      const { ended } = startProcessGroup('sh', ['-c', 'echo "[$GIFTCAST_SECRET_FOR_TEST]"'], {
        ...options,
        maxStdoutBytes: 1000,
      });
      expect((await ended).stdout).toBe('[]\n');
    } finally {
      delete process.env.GIFTCAST_SECRET_FOR_TEST;
    }
  });

  it('stops a process that prints more than it may keep, and says why', async () => {
    const { ended } = startProcessGroup('sh', ['-c', 'while :; do echo 0123456789; done'], {
      ...options,
      maxStdoutBytes: 64 * 1024,
    });
    const end = await ended;
    expect(end.signal).toBe('SIGKILL');
    expect(end.stopped?.message).toBe('the test script printed more than 65536 bytes');
    expect(end.stdout.length).toBeLessThanOrEqual(64 * 1024);
  });

  it('stops the whole group at its timeout, what the process started included', async () => {
    const group = startProcessGroup('sh', ['-c', 'sleep 300 & echo $!; wait'], {
      ...options,
      maxStdoutBytes: 1000,
      timeoutMs: 1_000,
    });
    const end = await group.ended;
    expect(end.stopped?.message).toBe('too slow');
    const started = Number(end.stdout.trim());
    while (isRunning(started)) await sleep(10);
  });

  it('stops with SIGTERM when asked to, for the abort reason', async () => {
    const abort = new AbortController();
    const group = startProcessGroup('sh', ['-c', 'sleep 300'], {
      ...options,
      stopWith: 'SIGTERM',
      signal: abort.signal,
    });
    abort.abort(new Error('shutting down'));
    const end = await group.ended;
    expect(end.signal).toBe('SIGTERM');
    expect(end.stopped?.message).toBe('shutting down');
  });

  it('feeds standard input when asked to', async () => {
    const group = startProcessGroup('cat', [], { ...options, stdin: true, maxStdoutBytes: 1000 });
    group.stdin!.end('hello');
    expect((await group.ended).stdout).toBe('hello');
  });

  it('rejects when the process cannot start, or when the signal had aborted already', async () => {
    await expect(startProcessGroup('giftcast-no-such-command', [], options).ended).rejects.toThrow(/ENOENT/);
    await expect(startProcessGroup('true', [], { ...options, signal: AbortSignal.abort() }).ended).rejects.toThrow();
  });
});
