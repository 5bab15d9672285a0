// One run at a time per target: a lock file with an owner token, pid, host and a renewable lease.
// A lock whose owner process is dead (same host) or whose lease expired is stale and is taken over.
import { hostname } from 'node:os';
import { openSync, writeSync, closeSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { IntegrityError } from '../errors.ts';
import { writeJsonAtomic } from '../fs/atomic.ts';

export interface LockInfo {
  token: string;
  pid: number;
  host: string;
  command: string;
  since: string;
  leaseUntil: string;
}

export interface RunLock {
  info: LockInfo;
  /** Stale-lock takeovers that happened while acquiring, with who held it. */
  recovered: LockInfo | null;
  release(): void;
}

const LEASE_MS = 5 * 60 * 1000;
const RENEW_MS = 60 * 1000;

export function lockPath(outDir: string): string {
  return join(outDir, 'run.lock');
}

function readLock(path: string): LockInfo | null {
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as LockInfo;
  } catch {
    return null;
  }
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Why a held lock may be taken over, or null when its owner is live. */
export function staleReason(info: LockInfo | null, now = Date.now()): string | null {
  if (!info || typeof info.pid !== 'number') return 'unreadable lock file';
  if (info.host === hostname() && !processAlive(info.pid)) return `owner pid ${info.pid} is not running`;
  if (Date.parse(info.leaseUntil) < now) return `lease expired at ${info.leaseUntil}`;
  return null;
}

export function acquireRunLock(outDir: string, command: string): RunLock {
  const path = lockPath(outDir);
  const now = new Date();
  const info: LockInfo = {
    token: randomBytes(8).toString('hex'),
    pid: process.pid,
    host: hostname(),
    command,
    since: now.toISOString(),
    leaseUntil: new Date(now.getTime() + LEASE_MS).toISOString(),
  };
  let recovered: LockInfo | null = null;
  for (let attempt = 0; attempt < 3; attempt += 1) {
    let fd: number;
    try {
      fd = openSync(path, 'wx', 0o644);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      fd = -1;
    }
    if (fd >= 0) {
      // A failed write must neither leak the descriptor nor leave a half-written lock behind.
      try {
        writeSync(fd, JSON.stringify(info, null, 2));
      } catch (error) {
        closeSync(fd);
        rmSync(path, { force: true });
        throw error;
      }
      closeSync(fd);
      return makeLock(path, info, recovered);
    }
    const held = readLock(path);
    const stale = staleReason(held);
    if (!stale && held) {
      throw new IntegrityError(
        `Another bug-hunter run holds ${path}: pid ${held.pid} on ${held.host}, '${held.command}', since ${held.since}. ` +
          'Wait for it to finish, or stop it; a lock whose process died is recovered automatically.',
      );
    }
    // Move the stale lock aside atomically, so two recoverers cannot both win.
    const aside = `${path}.stale-${randomBytes(4).toString('hex')}`;
    try {
      renameSync(path, aside);
      rmSync(aside, { force: true });
      recovered = held;
    } catch {
      // Someone else recovered it first; try again.
    }
  }
  throw new IntegrityError(`Could not acquire ${path} after recovering a stale lock; another run is starting. Try again.`);
}

function makeLock(path: string, info: LockInfo, recovered: LockInfo | null): RunLock {
  let released = false;
  const timer = setInterval(() => {
    const current = readLock(path);
    if (current?.token !== info.token) return;
    info.leaseUntil = new Date(Date.now() + LEASE_MS).toISOString();
    writeJsonAtomic(path, info);
  }, RENEW_MS);
  timer.unref();
  return {
    info,
    recovered,
    release() {
      if (released) return;
      released = true;
      clearInterval(timer);
      // Only remove the lock if it is still ours.
      if (readLock(path)?.token === info.token) rmSync(path, { force: true });
    },
  };
}
