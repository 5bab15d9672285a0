// One run at a time per target: a lock file with an owner token, pid (and its start time), host and a renewable lease.
// On this host a lock whose owner process is gone — ended, a zombie nobody reaped yet, or its pid now another
// process — is taken over at once; one from another host only once its lease expired.
import { hostname } from 'node:os';
import { linkSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { IntegrityError } from '../../foundations/errors.ts';
import { writeJsonAtomic } from '../../foundations/fs/atomic.ts';
import { processAlive, processEntry } from './process.ts';
import { pauseSync } from './pause.ts';

export interface LockInfo {
  token: string;
  pid: number;
  host: string;
  command: string;
  since: string;
  leaseUntil: string;
  /** The owner's start time (clock ticks since boot, from /proc): the same pid with another start is another process. */
  started?: number;
}

export interface RunLock {
  info: LockInfo;
  /** Stale-lock takeovers that happened while acquiring, with who held it. */
  recovered: LockInfo | null;
  release(): void;
}

const LEASE_MS = 5 * 60 * 1000;
const RENEW_MS = 60 * 1000;
const RECOVER_WAIT_MS = 20;
const MUTEX_ABANDONED_MS = 30 * 1000;

export function lockPath(outDir: string): string {
  return join(outDir, 'run.lock');
}

function readLockText(path: string): string | null {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return null;
  }
}

function parseLock(text: string | null): LockInfo | null {
  try {
    return text === null ? null : (JSON.parse(text) as LockInfo);
  } catch {
    return null;
  }
}

function readLock(path: string): LockInfo | null {
  return parseLock(readLockText(path));
}


/** Why a held lock may be taken over, or null when its owner is live. */
export function staleReason(info: LockInfo | null, now = Date.now()): string | null {
  if (!info || typeof info.pid !== 'number') return 'unreadable lock file';
  if (info.host === hostname() && !processAlive(info.pid)) return `owner pid ${info.pid} is not running`;
  if (info.host === hostname() && typeof info.started === 'number') {
    const now = processEntry(info.pid)?.start;
    if (now !== undefined && now !== info.started) return `owner pid ${info.pid} is now another process`;
  }
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
  const started = processEntry(process.pid)?.start;
  if (started !== undefined) info.started = started;
  let recovered: LockInfo | null = null;
  for (let attempt = 0; attempt < 20; attempt += 1) {
    if (linkOwnerRecord(path, info)) return makeLock(path, info, recovered);
    const text = readLockText(path);
    // Released between our link and our read: try again.
    if (text === null) continue;
    const held = parseLock(text);
    const stale = staleReason(held);
    if (!stale && held) {
      throw new IntegrityError(
        `Another bug-hunter run holds ${path}: pid ${held.pid} on ${held.host}, '${held.command}', since ${held.since}. ` +
          'Wait for it to finish, or stop it; a lock whose process died is recovered automatically.',
      );
    }
    if (removeIfUnchanged(path, text) && held) recovered = held;
  }
  throw new IntegrityError(`Could not acquire ${path} after recovering a stale lock; another run is starting. Try again.`);
}

// The owner record is written whole to a private file and hard-linked into place: link() fails if the lock
// exists, so the lock file appears complete or not at all and no reader ever sees it empty.
function linkOwnerRecord(path: string, info: LockInfo): boolean {
  const temp = `${path}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  writeFileSync(temp, JSON.stringify(info, null, 2), { flag: 'wx', mode: 0o644 });
  try {
    linkSync(temp, path);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return false;
  } finally {
    rmSync(temp, { force: true });
  }
}

// Only one recoverer at a time (a mkdir mutex), and only the very lock judged stale is removed: a recoverer
// that was slow never deletes the fresh lock another process has taken since.
function removeIfUnchanged(path: string, staleText: string): boolean {
  const mutex = `${path}.recover`;
  try {
    mkdirSync(mutex);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    clearAbandonedMutex(mutex);
    pauseSync(RECOVER_WAIT_MS);
    return false;
  }
  try {
    if (readLockText(path) !== staleText) return false;
    rmSync(path, { force: true });
    return true;
  } finally {
    rmSync(mutex, { recursive: true, force: true });
  }
}

// A recoverer killed inside the few lines above leaves its mutex; one older than this is abandoned.
function clearAbandonedMutex(mutex: string): void {
  try {
    if (Date.now() - statSync(mutex).mtimeMs > MUTEX_ABANDONED_MS) rmSync(mutex, { recursive: true, force: true });
  } catch {
    // Gone already.
  }
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
