// The throw-away workspace: a copy of the user's tree in a fresh temp folder, the only writable surface of a run.
// node_modules folders are not copied: they are bound read-only (vendored) or left out (off). Deleted after the run.
import { chownSync, cpSync, lstatSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, sep } from 'node:path';
import { toPosix } from '../../foundations/fs/paths.ts';
import { OutsideRootError, writeInside } from '../../foundations/fs/inside.ts';
import type { SandboxFile } from './types.ts';
import { OWNER_IN_NAME, ownerToken, removeLeftoversOfGone } from '../run/process.ts';

export interface WorkspaceCopy {
  /** Host path of the copy. */
  dir: string;
  /** node_modules folders of the original, workspace-relative POSIX paths. */
  nodeModules: string[];
  remove(): void;
}

// The artifact folder and VCS internals are not needed to run a check and may be large or sensitive.
const SKIP_NAMES = new Set(['.bug-hunter', '.git', '.hg', '.svn']);

// Copies are named after the process that made them (pid, and on Linux its start time and pid namespace: ownerToken),
// so a copy left by a killed run is recognised at the next run, even once its pid is another process's.
const COPY_PREFIX = 'bh-sandbox-';
const COPY_NAME = new RegExp(`^bh-sandbox-${OWNER_IN_NAME}-`);
let staleRemoved = false;

/** Removes throw-away copies whose process is gone (a run killed with SIGKILL cannot clean up after itself): no process
 * with its pid runs, or the one that does started at another time (the pid was reused). A live owner's copy stays; one
 * made in another pid namespace goes once idle for FOREIGN_IDLE_MS (process.ts). */
export function removeStaleCopies(dir = tmpdir()): string[] {
  return removeLeftoversOfGone(dir, COPY_NAME);
}

/** A fresh folder in the temp folder named after this process, so removeStaleCopies removes it once the process is gone. */
export function makeThrowAwayFolder(kind = ''): string {
  if (!staleRemoved) {
    staleRemoved = true;
    removeStaleCopies();
  }
  return mkdtempSync(join(tmpdir(), `${COPY_PREFIX}${ownerToken()}-${kind}`));
}

export function copyWorkspace(source: string, files: SandboxFile[] = []): WorkspaceCopy {
  const root = makeThrowAwayFolder();
  const dir = join(root, 'workspace');
  const nodeModules: string[] = [];
  try {
    cpSync(source, dir, {
      recursive: true,
      verbatimSymlinks: true,
      filter: (from) => {
        const name = from.slice(from.lastIndexOf(sep) + 1);
        if (from !== source && SKIP_NAMES.has(name)) return false;
        if (name === 'node_modules' && isDir(from)) {
          nodeModules.push(toPosix(relative(source, from)));
          return false;
        }
        return true;
      },
    });
    for (const file of files) writeSandboxFile(dir, file);
  } catch (error) {
    rmSync(root, { recursive: true, force: true });
    throw error;
  }
  return { dir, nodeModules, remove: () => rmSync(root, { recursive: true, force: true }) };
}

/** Hands the whole copy (and its parent) to the sandbox uid, so an unprivileged sandbox may write it. */
export function chownTree(path: string, uid: number, gid: number): void {
  chownSync(dirname(path), uid, gid);
  const walk = (p: string): void => {
    const st = lstatSync(p);
    if (st.isSymbolicLink()) return;
    chownSync(p, uid, gid);
    if (st.isDirectory()) for (const name of readdirSync(p)) walk(join(p, name));
  };
  walk(path);
}

// No symlink may sit on the way: the copy is untrusted, and this write runs on the host (src/foundations/fs/inside.ts checks it).
function writeSandboxFile(dir: string, file: SandboxFile): void {
  try {
    writeInside(dir, file.path, file.content);
  } catch (error) {
    if (error instanceof OutsideRootError) throw new RangeError(`Sandbox file path '${file.path}': ${error.message}`, { cause: error });
    throw error;
  }
}

function isDir(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}
