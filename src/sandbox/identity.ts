// Who the sandbox runs as on the host, and making its read-only inputs reachable for that user.
// As root we run as a fresh unprivileged uid: RLIMIT_NPROC is not enforced for host root, and a uid of its own
// means the process limit counts only this run's processes.
import { constants, accessSync, cpSync, mkdirSync, statSync } from 'node:fs';
import { dirname, join, parse, relative } from 'node:path';
import { randomInt } from 'node:crypto';
import { chownTree, type WorkspaceCopy } from './workspace.ts';

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
  binds: Array<{ host: string; inside: string }>,
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

/** True when every folder on the way grants search to others and the path itself is readable by others. */
export function reachableByOthers(path: string): boolean {
  try {
    const root = parse(path).root;
    let current = root;
    for (const part of relative(root, path).split('/').filter(Boolean)) {
      if ((statSync(current).mode & 0o001) === 0) return false;
      current = join(current, part);
    }
    const mode = statSync(path).mode;
    accessSync(path, constants.R_OK);
    return (mode & 0o004) !== 0 && (!statSync(path).isDirectory() || (mode & 0o001) !== 0);
  } catch {
    return false;
  }
}
