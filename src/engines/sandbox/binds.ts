// Every folder of the scanned tree bound into the sandbox must really be inside that tree. A committed
// `node_modules -> /` would otherwise bind the host's root (its /tmp, this tool's checkout, host sockets)
// into the sandbox that runs the target's untrusted suite.
import { realpathSync } from 'node:fs';
import { isInside } from '../../foundations/fs/paths.ts';

export interface Bind {
  host: string;
  inside: string;
}

/** Null when every bind resolves inside `workspace`, else a message naming the first that does not. */
export function bindOutsideWorkspace(workspace: string, binds: readonly Bind[]): string | null {
  let root: string;
  try {
    root = realpathSync(workspace);
  } catch {
    return `the workspace ${workspace} cannot be resolved`;
  }
  for (const bind of binds) {
    let real: string;
    try {
      // Realpath first: a symlink inside the repo may point outside it.
      real = realpathSync(bind.host);
    } catch {
      return `${bind.host} cannot be resolved (a dangling symbolic link?), so it is not bound into the sandbox`;
    }
    if (real === root || !isInside(root, real)) {
      return `${bind.host} is a symbolic link to ${real}, outside the repository; it is never bound into the sandbox. Remove the link (or install the dependencies for real) and run again`;
    }
  }
  return null;
}
