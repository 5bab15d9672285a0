// Whether a process id on this host is still running: the test for stale locks and stale sandbox copies, and the
// removal of folders that processes now gone left behind.
import { readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';

/** True while `pid` runs (EPERM: it runs as another user); false once it is gone. */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
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
