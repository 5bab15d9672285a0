// The developer's installed dependencies, as a sandboxed run may see them: the node_modules folders a run binds
// read-only. A linked git worktree (the fixer's, `work`'s, `repro --fix`'s, or one a user scans) has none of its
// own, since git ignores them; they are the main working tree's, one per package that the worktree also holds
// (workspaces of npm, pnpm and Yarn alike). Every symbolic link under them must resolve inside the repository or a
// package manager's store, or nothing is bound and the link is named; that walk is done for every run, never taken
// from an earlier one (see linkOutside). Yarn Plug'n'Play has no node_modules to bind.
import { existsSync, lstatSync, readdirSync, readlinkSync, realpathSync, statSync, type Dirent } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { isInside, toPosix } from '../../foundations/fs/paths.ts';
import { compareText } from '../../foundations/text/compare.ts';
import { gitOrNull } from '../git/run.ts';

export interface InstalledBind {
  /** Host folder to bind read-only. */
  host: string;
  /** Workspace-relative POSIX path it is bound at (`node_modules`, `packages/a/node_modules` …). */
  rel: string;
}

export type Installed =
  | { kind: 'none' }
  | { kind: 'bind'; /** The tree the folders come from. */ from: string; binds: InstalledBind[]; /** Stores outside the repository that links lead into, bound at their own path. */ stores: string[] }
  | { kind: 'refused'; reason: string };

const PNP_FILES = ['.pnp.cjs', '.pnp.js'];
const SKIP = new Set(['.git', '.bug-hunter', '.hg', '.svn']);

/** Yarn Plug'n'Play's loader in the tree (or the one it is a worktree of), else null. */
export function plugAndPlay(...trees: string[]): string | null {
  for (const tree of trees) for (const name of PNP_FILES) if (existsSync(join(tree, name))) return join(tree, name);
  return null;
}

/**
 * The developer's working tree when `workspace` is inside a linked git worktree, with the workspace's place in it;
 * else null. `preferred` (the tree a fixer's worktree was made from, itself perhaps a linked worktree) wins when it
 * is another working tree of the same repository; otherwise the main working tree.
 */
export function mainTreeOf(workspace: string, preferred?: string): { main: string; top: string; sub: string } | null {
  const top = gitOrNull(workspace, ['rev-parse', '--show-toplevel'])?.trim();
  const common = gitOrNull(workspace, ['rev-parse', '--path-format=absolute', '--git-common-dir'])?.trim();
  if (!top || !common) return null;
  const sub = relative(realpathSync(top), realpathSync(workspace));
  if (preferred) {
    const theirs = gitOrNull(preferred, ['rev-parse', '--show-toplevel'])?.trim();
    const theirCommon = gitOrNull(preferred, ['rev-parse', '--path-format=absolute', '--git-common-dir'])?.trim();
    if (theirs && theirCommon && resolve(theirCommon) === resolve(common) && realpathSync(theirs) !== realpathSync(top)) return { main: theirs, top, sub };
  }
  const gitDir = gitOrNull(workspace, ['rev-parse', '--absolute-git-dir'])?.trim();
  if (!gitDir || resolve(gitDir) === resolve(common)) return null;
  // The first entry of the list is the main working tree (unless the repository is bare: then there is none).
  const list = gitOrNull(workspace, ['worktree', 'list', '--porcelain']) ?? '';
  const first = list.split('\n\n')[0] ?? '';
  const main = /^worktree (.+)$/m.exec(first)?.[1];
  if (!main || /^bare$/m.test(first) || !existsSync(main)) return null;
  return { main, top, sub };
}

/** Stores a link under node_modules may lead into besides the repository: pnpm's (and a configured one). */
export function packageStores(home = homedir(), env: NodeJS.ProcessEnv = process.env): string[] {
  const data = env.XDG_DATA_HOME || join(home, '.local', 'share');
  const cache = env.XDG_CACHE_HOME || join(home, '.cache');
  const stores = [join(data, 'pnpm'), join(cache, 'pnpm'), join(home, '.pnpm-store'), ...(env.PNPM_HOME ? [env.PNPM_HOME] : [])];
  if (env.BUG_HUNTER_DEPS_STORE) stores.push(...env.BUG_HUNTER_DEPS_STORE.split(':').filter(Boolean));
  return stores.map((s) => (existsSync(s) ? realpathSync(s) : s));
}

/**
 * The installed dependencies a run of `workspace` binds: its own node_modules (`own`, found by the copy), else those
 * of the developer's tree it is a linked worktree of (mainTreeOf) that git ignores there.
 */
export function installedDependencies(workspace: string, own: readonly string[], stores = packageStores(), preferred?: string): Installed {
  if (own.length > 0) return checked(workspace, workspace, repositoryOf(workspace), own.map((rel) => ({ host: join(workspace, rel), rel })), stores);
  const tree = mainTreeOf(workspace, preferred);
  if (!tree) return { kind: 'none' };
  const from = join(tree.main, tree.sub);
  if (!existsSync(from)) return { kind: 'none' };
  const binds: InstalledBind[] = [];
  for (const rel of nodeModulesUnder(from)) {
    // Only a package the worktree holds too, and only what git ignores there (installed, not committed).
    if (!existsSync(join(workspace, dirname(rel)))) continue;
    if (gitOrNull(tree.main, ['check-ignore', '-q', '--', toPosix(join(tree.sub, rel))]) === null) continue;
    binds.push({ host: join(from, rel), rel });
  }
  if (binds.length === 0) return { kind: 'none' };
  return checked(from, tree.main, tree.main, binds, stores);
}

function repositoryOf(workspace: string): string {
  return gitOrNull(workspace, ['rev-parse', '--show-toplevel'])?.trim() || workspace;
}

// Each folder itself must be in the tree it comes from; every link under it must lead into the repository or a store.
function checked(from: string, tree: string, repository: string, binds: InstalledBind[], stores: string[]): Installed {
  let folderRoot: string;
  let root: string;
  try {
    folderRoot = realpathSync(tree);
    root = realpathSync(repository);
  } catch {
    return { kind: 'refused', reason: `the repository ${repository} cannot be resolved` };
  }
  const used = new Set<string>();
  for (const bind of binds) {
    let real: string;
    try {
      real = realpathSync(bind.host);
    } catch {
      return { kind: 'refused', reason: `${bind.host} cannot be resolved (a dangling symbolic link?), so it is not bound into the sandbox` };
    }
    if (real === folderRoot || !isInside(folderRoot, real)) {
      return { kind: 'refused', reason: `${bind.host} is a symbolic link to ${real}, outside the repository; it is never bound into the sandbox. Remove the link (or install the dependencies for real) and run again` };
    }
    const escape = linkOutside(bind.host, root, stores, used);
    if (escape) return { kind: 'refused', reason: escape };
  }
  return { kind: 'bind', from, binds, stores: [...used] };
}

/**
 * Walks the tree under `dir` depth first; links are entries, never followed. `visit` answers each entry: 'enter' (go
 * into it when it is a folder), 'pass', or { stop } to end the walk with that answer, which the walk returns (null
 * when no entry stopped it). A folder that cannot be read is passed over.
 */
function walkTree(dir: string, visit: (entry: Dirent, path: string) => 'enter' | 'pass' | { stop: string }): string | null {
  const pending = [dir];
  while (pending.length > 0) {
    const current = pending.pop()!;
    let entries: Dirent[];
    try {
      entries = readdirSync(current, { withFileTypes: true });
    } catch {
      continue;
    }
    for (const entry of entries) {
      const path = join(current, entry.name);
      const answer = visit(entry, path);
      if (typeof answer === 'object') return answer.stop;
      if (answer === 'enter' && entry.isDirectory()) pending.push(path);
    }
  }
  return null;
}

/** What one link walk found: the first escaping link (a message) or null, and the stores links lead into. */
interface LinkWalk {
  escape: string | null;
  used: string[];
}

let walkCount = 0;

/**
 * The first symbolic link under `dir` leading outside the repository and every store, as a message; else null. Walked
 * on every call: a walk remembered by the folder's state (its mtime, its install records') let a link repointed deep
 * in the tree after the first walk be bound, since that changes only its own folder. A sound check of a remembered
 * walk must stat every folder and resolve every link again (measured on a pnpm node_modules of 13,700 entries: from half
 * to as much as a walk, 80-180 ms warm) and still trusts change times the kernel keeps at a clock tick's grain, so a
 * change in the tick of the walk would pass: the walk itself is the check.
 */
function linkOutside(dir: string, root: string, stores: string[], used: Set<string>): string | null {
  const walk = walkLinks(dir, root, stores);
  for (const store of walk.used) used.add(store);
  return walk.escape;
}

function walkLinks(dir: string, root: string, stores: string[]): LinkWalk {
  walkCount += 1;
  const used = new Set<string>();
  const escape = walkTree(dir, (entry, path) => {
    if (!entry.isSymbolicLink()) return 'enter';
    const target = resolve(dirname(path), readlinkSync(path));
    let real = target;
    try {
      real = realpathSync(target);
    } catch {
      // Dangling: judged by where it points.
    }
    if (isInside(root, real)) return 'pass';
    const store = stores.find((s) => isInside(s, real));
    if (store) {
      used.add(store);
      return 'pass';
    }
    return { stop: `${path} is a symbolic link to ${real}, outside the repository and the package manager's store; the installed dependencies are not bound into the sandbox. Reinstall them inside the repository (or run with --deps off) and run again` };
  });
  return { escape, used: [...used] };
}

/** How many link walks this process has done (one per folder and run: nothing is taken from an earlier walk). */
export function linkWalkCount(): number {
  return walkCount;
}

/** Workspace-relative node_modules folders of a tree (not those inside another node_modules), nearest first. */
export function nodeModulesUnder(tree: string): string[] {
  const found: string[] = [];
  walkTree(tree, (entry, path) => {
    if (SKIP.has(entry.name)) return 'pass';
    if (entry.name === 'node_modules' && (entry.isDirectory() || isDirLink(path))) {
      found.push(toPosix(relative(tree, path)));
      return 'pass';
    }
    return 'enter';
  });
  return found.sort((a, b) => a.split('/').length - b.split('/').length || compareText(a, b));
}

function isDirLink(path: string): boolean {
  try {
    return lstatSync(path).isSymbolicLink() && statSync(path).isDirectory();
  } catch {
    return false;
  }
}
