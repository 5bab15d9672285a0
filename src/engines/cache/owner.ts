// Proof that a cache folder came from this user's own earlier run. A cache inside the scanned folder may have been
// shipped with it (an npm tarball, a zip: no git to ask), and a planted "no findings" entry could hide a bug. So
// bug-hunter writes a random token into every in-target cache it creates and records the same token, keyed by the
// folder's realpath, in a file of the user's own outside any target. A folder whose token does not match was not
// made by us for this user and is not read. The target can copy a folder, but it cannot know the token.
import { existsSync, mkdirSync, readdirSync, readFileSync, realpathSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, isAbsolute, join } from 'node:path';
import { randomBytes, timingSafeEqual } from 'node:crypto';
import lockfile from 'proper-lockfile';
import { writeFileAtomic } from '../../foundations/fs/atomic.ts';
import { pauseSync } from '../run/pause.ts';

/** The token file in a cache folder bug-hunter created (not an entry: inventory and prune leave it alone). */
export const OWNER_TOKEN_FILE = 'owner-token';
const TOKEN = /^[0-9a-f]{64}$/;

/** `$XDG_STATE_HOME/bug-hunter/cache-owners.json`, else `~/.local/state/…` (a relative XDG path is ignored, as the spec says). */
export function cacheOwnersFile(env: NodeJS.ProcessEnv = process.env): string {
  const state = env.XDG_STATE_HOME && isAbsolute(env.XDG_STATE_HOME) ? env.XDG_STATE_HOME : join(env.HOME || homedir(), '.local', 'state');
  return join(state, 'bug-hunter', 'cache-owners.json');
}

type Owners = Record<string, string>;

/** The recorded tokens; a missing file is none. A damaged one is an error: it would silently disown every cache. */
function readOwners(file: string): Owners {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return {};
    throw error;
  }
  const parsed = JSON.parse(text) as unknown;
  const owners = (parsed as { owners?: unknown } | null)?.owners;
  if (typeof owners !== 'object' || owners === null || Array.isArray(owners)) throw new Error(`${file} has no "owners" object`);
  return Object.fromEntries(Object.entries(owners).filter((e): e is [string, string] => typeof e[1] === 'string' && TOKEN.test(e[1])));
}

function readToken(dir: string): string | null {
  const path = join(dir, OWNER_TOKEN_FILE);
  try {
    const st = statSync(path);
    if (!st.isFile() || st.size > 200) return null;
    const token = readFileSync(path, 'utf8').trim();
    return TOKEN.test(token) ? token : null;
  } catch {
    return null;
  }
}

/** Why the existing folder is not provably ours, or null when its token matches the one we recorded. */
export function ownershipRefusal(dir: string, ownersFile: string): string | null {
  const token = readToken(dir);
  if (!token) return `${dir} is inside the scanned folder and holds no bug-hunter owner token (it was not created by a run of yours; it may have come with the target)`;
  let recorded: string | undefined;
  try {
    recorded = readOwners(ownersFile)[realpathSync(dir)];
  } catch (error) {
    return `the cache owner record ${ownersFile} cannot be read (${(error as Error).message}), so ${dir} cannot be proved to be yours`;
  }
  if (!recorded || !timingSafeEqual(Buffer.from(recorded), Buffer.from(token))) {
    return `${dir} is inside the scanned folder and its owner token is not the one recorded in ${ownersFile} (it was not created by a run of yours)`;
  }
  return null;
}

/** True when there is nothing in the folder a target could have planted: absent, or an empty folder. */
export function isFreshFolder(dir: string): boolean {
  if (!existsSync(dir)) return true;
  try {
    return statSync(dir).isDirectory() && readdirSync(dir).length === 0;
  } catch {
    return false;
  }
}

const LOCK_WAIT_MS = 10_000;

/** Runs `change` holding `<file>.lock` (synchronously: a scan claims its cache before any phase runs). */
function withOwnersLock<T>(file: string, change: () => T): T {
  mkdirSync(dirname(file), { recursive: true });
  const deadline = Date.now() + LOCK_WAIT_MS;
  for (;;) {
    let release: () => void;
    try {
      release = lockfile.lockSync(file, { realpath: false, stale: LOCK_WAIT_MS });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ELOCKED' || Date.now() > deadline) throw error;
      pauseSync(10 + Math.floor(Math.random() * 40));
      continue;
    }
    try {
      return change();
    } finally {
      release();
    }
  }
}

/** Creates the folder with a new token and records it (0600, atomically). Throws when either cannot be written. */
export function claimCacheFolder(dir: string, ownersFile: string): void {
  mkdirSync(dir, { recursive: true });
  const token = randomBytes(32).toString('hex');
  writeFileAtomic(join(dir, OWNER_TOKEN_FILE), `${token}\n`, { mode: 0o600 });
  // Locked: two runs claiming at once (two scans, a scan beside watch) would otherwise lose one record, and that
  // cache would be refused as not ours on every later run. Records of folders that are gone are dropped, so the file
  // does not grow with every target ever scanned.
  withOwnersLock(ownersFile, () => {
    const owners = Object.fromEntries(Object.entries(readOwners(ownersFile)).filter(([path]) => existsSync(path)));
    owners[realpathSync(dir)] = token;
    writeFileAtomic(ownersFile, `${JSON.stringify({ schemaVersion: 1, owners }, null, 2)}\n`, { mode: 0o600 });
  });
}
