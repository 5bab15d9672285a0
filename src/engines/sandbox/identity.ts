// Who the sandbox runs as on the host, and making its read-only inputs reachable for that user.
// As root we run as a fresh unprivileged uid: RLIMIT_NPROC is not enforced for host root, and a uid of its own
// means the process limit counts only this run's processes.
import { constants, accessSync, chmodSync, cpSync, existsSync, lstatSync, mkdirSync, readdirSync, realpathSync, rmSync, statSync } from 'node:fs';
import { dirname, join, parse, relative } from 'node:path';
import { randomInt } from 'node:crypto';
import { chownTree, makeThrowAwayFolder, type WorkspaceCopy } from './workspace.ts';

/** A read-only source to bind; `unchanging`: its content never changes once made (the Go seed, one folder per
 * toolchain), so a staged copy of it may serve every run of this process. */
export interface ReadOnlyBind {
  host: string;
  inside: string;
  unchanging?: boolean;
}

export interface SandboxIdentity {
  uid?: number;
  gid?: number;
}

export function sandboxIdentity(): SandboxIdentity {
  if (process.getuid?.() !== 0) return {};
  const id = randomInt(200_000, 300_000);
  return { uid: id, gid: id };
}

/**
 * Hands the copy to the sandbox uid and returns the read-only binds to use. A source the sandbox uid cannot
 * reach (e.g. under /root, mode 700) is copied into the copy's parent instead; for the unsandboxed backend,
 * where nothing can be mounted, sources are copied straight to their place in the copy.
 */
export function stageReadOnly(
  binds: ReadOnlyBind[],
  copy: WorkspaceCopy,
  id: SandboxIdentity,
  unsandboxed: boolean,
): Array<{ host: string; inside: string }> {
  const staged: Array<{ host: string; inside: string }> = [];
  const parent = dirname(copy.dir);
  binds.forEach((bind, index) => {
    if (unsandboxed) {
      cpSync(bind.host, bind.inside, { recursive: true, verbatimSymlinks: true });
    } else if (id.uid !== undefined && !reachableByOthers(bind.host)) {
      if (bind.unchanging) {
        staged.push({ host: stagedOnce(bind.host), inside: bind.inside });
        return;
      }
      const target = join(parent, `ro-${index}`);
      mkdirSync(target);
      cpSync(bind.host, target, { recursive: true, verbatimSymlinks: true });
      staged.push({ host: target, inside: bind.inside });
    } else {
      staged.push(bind);
    }
  });
  if (id.uid !== undefined && id.gid !== undefined) chownTree(copy.dir, id.uid, id.gid);
  if (unsandboxed) {
    mkdirSync(join(parent, 'home'), { recursive: true });
    mkdirSync(join(parent, 'tmp'), { recursive: true });
  }
  return staged;
}

// Copies of unchanging sources, one per source for the process's life: the Go seed is 755 files, and copying it
// for every sandboxed run cost about half a second of CPU on an ext4 /tmp (0.06 s on a tmpfs).
const sharedCopies = new Map<string, string>();

/** A copy of `host` every sandbox uid can read and none can change, made once per process and removed at its exit. */
function stagedOnce(host: string): string {
  const known = sharedCopies.get(host);
  if (known !== undefined) {
    if (existsSync(known)) return known;
    // Removed under us (a temp-folder cleaner, in a long watch): what is left of it goes, a new copy is made.
    rmSync(dirname(known), { recursive: true, force: true });
  }
  const root = makeThrowAwayFolder('ro');
  const copy = join(root, 'ro');
  try {
    cpSync(host, copy, { recursive: true, verbatimSymlinks: true });
    // Each run's uid is another; none may write what the next run reads (the source's own modes may let it).
    readableByAll(root);
  } catch (error) {
    rmSync(root, { recursive: true, force: true });
    throw error;
  }
  if (sharedCopies.size === 0) process.once('exit', () => sharedCopies.forEach((path) => rmSync(dirname(path), { recursive: true, force: true })));
  sharedCopies.set(host, copy);
  return copy;
}

/** Group and others may read (and enter folders) but never write; no set-id bits. Symbolic links are left. A folder
 * is opened only after everything in it is fixed, so the root (mkdtemp's 0700) opens last: before that no other user
 * can reach an entry that still has the source's modes, which may let anyone write. */
function readableByAll(path: string): void {
  const st = lstatSync(path);
  if (st.isSymbolicLink()) return;
  if (st.isDirectory()) for (const name of readdirSync(path)) readableByAll(join(path, name));
  chmodSync(path, (st.mode & 0o755) | (st.isDirectory() ? 0o755 : 0o444));
}

/** The first folder from the root down to `folder` (itself included) that other users cannot enter, else null; the
 * folders on the way to where a symbolic link leads count too. */
export function firstClosedFolder(folder: string): string | null {
  let real = folder;
  try {
    real = realpathSync(folder);
  } catch {
    // Missing: the walk below names the first folder that is not there.
  }
  return closedOnTheWay(folder) ?? (real === folder ? null : closedOnTheWay(real));
}

function closedOnTheWay(folder: string): string | null {
  const root = parse(folder).root;
  let current = root;
  for (const part of ['', ...relative(root, folder).split('/').filter(Boolean)]) {
    current = join(current, part);
    try {
      if ((statSync(current).mode & 0o001) === 0) return current;
    } catch {
      return current;
    }
  }
  return null;
}

/** True when every folder on the way grants search to others and the path itself is readable by others. */
export function reachableByOthers(path: string): boolean {
  try {
    if (firstClosedFolder(dirname(path)) !== null) return false;
    const mode = statSync(path).mode;
    accessSync(path, constants.R_OK);
    return (mode & 0o004) !== 0 && (!statSync(path).isDirectory() || (mode & 0o001) !== 0);
  } catch {
    return false;
  }
}
