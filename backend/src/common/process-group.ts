import { type ChildProcess, spawn } from 'node:child_process';
import type { Writable } from 'node:stream';

export interface ProcessGroupOptions {
  /** What messages call the process (the tool itself, when `command` is the shell setting its limits). */
  name: string;
  /** The whole environment the process sees: none of this process's is passed on unless given. */
  env: NodeJS.ProcessEnv;
  /** Wall-clock limit: the group is stopped after it, for `timeoutReason()`. */
  timeoutMs: number;
  timeoutReason: () => Error;
  /** Aborting stops the group, for the signal's reason. */
  signal?: AbortSignal;
  /** How the group is stopped: SIGKILL for a tool that holds nothing, SIGTERM for a script that cleans up after itself. */
  stopWith: 'SIGKILL' | 'SIGTERM';
  /** A pipe to the process's standard input (`stdin` of the result). */
  stdin?: boolean;
  /** Standard output is kept up to this many bytes and the group stopped past them; without it, not read. */
  maxStdoutBytes?: number;
  /** How many characters of the end of standard error are kept. */
  stderrTail: number;
}

/** How a process ended: its exit, what was kept of its output, and why it was stopped if it was. */
export interface ProcessGroupEnd {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  /** The reason given to stop(), the timeout's or the abort's, when the group was stopped from here. */
  stopped?: Error;
}

export interface RunningProcessGroup {
  stdin: Writable | null;
  /** Settles once the process has exited and its pipes closed; rejects only when it could not start. */
  ended: Promise<ProcessGroupEnd>;
  /** Stops the process and everything it started; the first reason given is the one reported. */
  stop: (reason: Error) => void;
}

function signalGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  try {
    // The process leads a group of its own (detached): whatever it started gets the signal too.
    process.kill(-child.pid!, signal);
  } catch {
    child.kill(signal);
  }
}

/**
 * Starts `command` in a process group of its own, so that a signal sent to this process's group
 * (Ctrl-C in a terminal) reaches this process, which stops the group itself, and never the child
 * first; a timeout or an abort stops the whole group, not only its leader. Used for the media tools
 * (video/ffmpeg.ts) and the backup script (backup/scheduled-backup.ts).
 */
export function startProcessGroup(command: string, args: string[], options: ProcessGroupOptions): RunningProcessGroup {
  const { signal, maxStdoutBytes } = options;
  let stop: (reason: Error) => void = () => undefined;
  let child: ChildProcess | undefined;
  const ended = new Promise<ProcessGroupEnd>((resolve, reject) => {
    signal?.throwIfAborted();
    child = spawn(command, args, {
      stdio: [options.stdin ? 'pipe' : 'ignore', maxStdoutBytes ? 'pipe' : 'ignore', 'pipe'],
      env: options.env,
      detached: true,
    });
    const running = child;
    let stdout = '';
    let stdoutBytes = 0;
    let stderr = '';
    let stopped: Error | undefined;
    stop = (reason: Error) => {
      stopped ??= reason;
      signalGroup(running, options.stopWith);
    };
    const timer = setTimeout(() => stop(options.timeoutReason()), options.timeoutMs);
    const onAbort = () => stop(signal!.reason instanceof Error ? signal!.reason : new Error('aborted'));
    signal?.addEventListener('abort', onAbort, { once: true });
    running.stdin?.on('error', () => undefined); // the process may stop reading before the input ends
    // A pipe that fails to read ends in the child's 'close' all the same; unheard, its error would throw.
    running.stdout?.on('error', () => undefined);
    running.stderr!.on('error', () => undefined);
    running.stdout?.on('data', (chunk: Buffer) => {
      stdoutBytes += chunk.length;
      if (stdoutBytes > maxStdoutBytes!)
        return stop(new Error(`${options.name} printed more than ${maxStdoutBytes} bytes`));
      stdout += chunk.toString();
    });
    running.stderr!.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-options.stderrTail)));
    const settle = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    };
    running.on('error', (error) => {
      settle();
      reject(error);
    });
    running.on('close', (code, ended) => {
      settle();
      resolve({ code, signal: ended, stdout, stderr, stopped });
    });
  });
  return { stdin: child?.stdin ?? null, ended, stop: (reason) => stop(reason) };
}
