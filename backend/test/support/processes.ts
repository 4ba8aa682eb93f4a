import { readFileSync } from 'node:fs';

/** Whether the process runs (Linux): a zombie, left for a parent to reap, does not. */
export function isRunning(pid: number): boolean {
  try {
    return readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.[0] !== 'Z';
  } catch {
    return false;
  }
}
