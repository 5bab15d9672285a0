// Whether a process id on this host is still running: the test for stale locks and stale sandbox copies, and the
// removal of folders that processes now gone left behind.
import { lstatSync, readFileSync, readdirSync, rmSync } from 'node:fs';
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

export interface LeftoverOptions {
  /** Whether a pid runs (processAlive; tests pass their own). */
  alive?: (pid: number) => boolean;
  /**
   * Also require nothing written in the entry (itself or its direct children) for this long. A process in another
   * pid namespace (bubblewrap's --unshare-pid, a container) that shares the folder looks gone from here, so where
   * that can happen — the test runners' folders in /dev/shm — the time since the last write is the sign that
   * counts: a live runner writes in its folder all the time. Unset: the pid alone decides.
   */
  idleMs?: number;
  /** Now, in ms (tests pass their own). */
  now?: number;
}

/** Whether an entry named after `pid`, last written at `lastWriteMs`, is a leftover to remove. Pure. */
export function isLeftover(pid: number, lastWriteMs: number, self: number, options: Required<Pick<LeftoverOptions, 'alive' | 'now'>> & Pick<LeftoverOptions, 'idleMs'>): boolean {
  if (!pid || pid === self) return false;
  if (options.idleMs !== undefined && options.now - lastWriteMs < options.idleMs) return false;
  return !options.alive(pid);
}

/** The newest modification time of `path` and of its direct entries (links not followed); 0 when it cannot be read. */
export function lastWriteMs(path: string): number {
  try {
    const top = lstatSync(path);
    let newest = top.mtimeMs;
    if (!top.isDirectory()) return newest;
    for (const name of readdirSync(path)) {
      try {
        newest = Math.max(newest, lstatSync(join(path, name)).mtimeMs);
      } catch {
        // Gone meanwhile.
      }
    }
    return newest;
  } catch {
    return 0;
  }
}

/** Removes the entries of `dir` whose name carries the id of a process that is gone (the first group of `named`),
 * never this process's (see isLeftover, and LeftoverOptions.idleMs for folders another pid namespace may share): what
 * a run killed outright left behind. An entry this user may not remove (another user's) is skipped, never fatal.
 * Returns the names removed. */
export function removeLeftoversOfGone(dir: string, named: RegExp, options: LeftoverOptions = {}): string[] {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  const decide = { alive: options.alive ?? processAlive, now: options.now ?? Date.now(), ...(options.idleMs !== undefined ? { idleMs: options.idleMs } : {}) };
  const removed: string[] = [];
  for (const name of names) {
    const pid = Number(named.exec(name)?.[1]);
    const path = join(dir, name);
    if (!isLeftover(pid, decide.idleMs === undefined ? 0 : lastWriteMs(path), process.pid, decide)) continue;
    try {
      rmSync(path, { recursive: true, force: true });
      removed.push(name);
    } catch {
      // Not ours to remove.
    }
  }
  return removed;
}
