// Whether a process id on this host is still running: the test for stale locks and stale sandbox copies, and the
// removal of folders that processes now gone left behind. An entry's owner may be named by pid alone, or (on Linux)
// by pid, start time and pid namespace (ownerToken): a pid reused by another process then no longer keeps a dead
// run's folder, and a folder made in another pid namespace, whose pids mean nothing here, is judged by idle time.
import { lstatSync, readFileSync, readdirSync, readlinkSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { parseStat, type ProcessEntry } from './descendants.ts';

/** True while `pid` runs (EPERM: it runs as another user); false once it is gone, or ended and not yet reaped (a
 * zombie: killed with -9 under a parent that has not waited for it, it still answers signal 0 but holds nothing).
 * With `start` (clock ticks since boot, /proc/<pid>/stat), a process with that pid that started at another time is
 * another process: the pid was reused, and the one asked about is gone. Without /proc the pid alone decides. */
export function processAlive(pid: number, start?: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  const entry = processEntry(pid);
  if (entry?.state === 'Z') return false;
  return start === undefined || entry === undefined || entry.start === start;
}

/** Who made an entry: a pid, and where Linux tells them, the process's start time and its pid namespace's inode. */
export interface Owner {
  pid: number;
  start?: number;
  ns?: number;
}

/** This process as an owner (start and namespace from /proc; absent without it). */
export function thisOwner(): Owner {
  const start = processEntry(process.pid)?.start;
  let ns: number | undefined;
  try {
    ns = Number(/^pid:\[(\d+)\]$/.exec(readlinkSync('/proc/self/ns/pid'))?.[1]) || undefined;
  } catch {
    ns = undefined;
  }
  return { pid: process.pid, ...(start !== undefined && ns !== undefined ? { start, ns } : {}) };
}

/** An owner as it is written in a name: `<pid>` or `<pid>.<start>.<namespace>` (see OWNER_IN_NAME). */
export function ownerToken(owner: Owner = thisOwner()): string {
  return owner.start !== undefined && owner.ns !== undefined ? `${owner.pid}.${owner.start}.${owner.ns}` : `${owner.pid}`;
}

/** The owner token in a name, as regular-expression source with three groups (pid, start, namespace). */
export const OWNER_IN_NAME = '(\\d+)(?:\\.(\\d+)\\.(\\d+))?';

/** The owner in a match of a pattern built with OWNER_IN_NAME (groups 1 to 3), or in a bare pid's (group 1). */
export function ownerOf(match: RegExpExecArray | null): Owner {
  const pid = Number(match?.[1]);
  const start = match?.[2] === undefined ? undefined : Number(match[2]);
  const ns = match?.[3] === undefined ? undefined : Number(match[3]);
  return { pid: Number.isInteger(pid) ? pid : 0, ...(start !== undefined && ns !== undefined ? { start, ns } : {}) };
}

/** How long an entry made in another pid namespace must be idle before it is removed: its pid cannot be asked about
 * from here, and no sandboxed run lasts this long. */
export const FOREIGN_IDLE_MS = 6 * 3600 * 1000;

/** /proc/<pid>/stat, read; undefined without /proc (macOS, Windows) or once the process is gone. */
export function processEntry(pid: number): ProcessEntry | undefined {
  try {
    return parseStat(readFileSync(`/proc/${pid}/stat`, 'utf8')) ?? undefined;
  } catch {
    return undefined;
  }
}

export interface LeftoverOptions {
  /** Whether a pid (that started at `start`, when known) runs (processAlive; tests pass their own). */
  alive?: (pid: number, start?: number) => boolean;
  /** This process's pid namespace (thisOwner; tests pass their own): an entry made in another is judged by idle time. */
  ns?: number;
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

/** Whether an entry made by `owner` (a pid, or a pid with its start time and namespace), last written at
 * `lastWriteMs`, is a leftover to remove. Pure. Never this process's own; never a live owner's in this pid namespace
 * (a reused pid is another process, so the owner is gone); an owner in another namespace once idle FOREIGN_IDLE_MS. */
export function isLeftover(owner: number | Owner, lastWriteMs: number, self: number, options: Required<Pick<LeftoverOptions, 'alive' | 'now'>> & Pick<LeftoverOptions, 'idleMs' | 'ns'>): boolean {
  const o = typeof owner === 'number' ? { pid: owner } : owner;
  const foreign = o.ns !== undefined && options.ns !== undefined && o.ns !== options.ns;
  if (!o.pid || (o.pid === self && !foreign)) return false;
  const idleMs = foreign ? Math.max(options.idleMs ?? 0, FOREIGN_IDLE_MS) : options.idleMs;
  if (idleMs !== undefined && options.now - lastWriteMs < idleMs) return false;
  return foreign || !options.alive(o.pid, o.start);
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

/** Removes the entries of `dir` whose name carries the id of a process that is gone (the first group of `named`, with
 * its start time and pid namespace in groups 2 and 3 when it is built with OWNER_IN_NAME), never this process's (see isLeftover, and LeftoverOptions.idleMs for folders another pid namespace may share): what
 * a run killed outright left behind. An entry this user may not remove (another user's) is skipped, never fatal.
 * Returns the names removed. */
export function removeLeftoversOfGone(dir: string, named: RegExp, options: LeftoverOptions = {}): string[] {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  const ns = options.ns ?? thisOwner().ns;
  const decide = { alive: options.alive ?? processAlive, now: options.now ?? Date.now(), ...(options.idleMs !== undefined ? { idleMs: options.idleMs } : {}), ...(ns !== undefined ? { ns } : {}) };
  const removed: string[] = [];
  for (const name of names) {
    const owner = ownerOf(named.exec(name));
    const path = join(dir, name);
    const foreign = owner.ns !== undefined && ns !== undefined && owner.ns !== ns;
    if (!isLeftover(owner, decide.idleMs === undefined && !foreign ? 0 : lastWriteMs(path), process.pid, decide)) continue;
    try {
      rmSync(path, { recursive: true, force: true });
      removed.push(name);
    } catch {
      // Not ours to remove.
    }
  }
  return removed;
}
