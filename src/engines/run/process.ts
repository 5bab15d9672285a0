// Whether a process id on this host is still running: the test for stale locks and stale sandbox copies, and the
// removal of folders that processes now gone left behind.
import { readFileSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { parseStat, type ProcessEntry } from './descendants.ts';

/** True while `pid` runs (EPERM: it runs as another user); false once it is gone, or ended and not yet reaped (a
 * zombie: killed with -9 under a parent that has not waited for it, it still answers signal 0 but holds nothing). */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
  return processEntry(pid)?.state !== 'Z';
}

/** /proc/<pid>/stat, read; undefined without /proc (macOS, Windows) or once the process is gone. */
export function processEntry(pid: number): ProcessEntry | undefined {
  try {
    return parseStat(readFileSync(`/proc/${pid}/stat`, 'utf8')) ?? undefined;
  } catch {
    return undefined;
  }
}

/** Removes the entries of `dir` whose name carries the id of a process that is gone (the first group of `named`),
 * never this process's: what a run killed outright left behind. An entry this user may not remove (another user's)
 * is skipped, never fatal. Returns the names removed. */
export function removeLeftoversOfGone(dir: string, named: RegExp, alive: (pid: number) => boolean = processAlive): string[] {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  const removed: string[] = [];
  for (const name of names) {
    const pid = Number(named.exec(name)?.[1]);
    if (!pid || pid === process.pid || alive(pid)) continue;
    try {
      rmSync(join(dir, name), { recursive: true, force: true });
      removed.push(name);
    } catch {
      // Not ours to remove.
    }
  }
  return removed;
}
