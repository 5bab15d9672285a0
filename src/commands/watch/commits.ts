// Which commits the watcher has to process, through the one git runner (src/engines/git/run.ts): the branch's tip, every
// new commit since the last one processed (all parents followed, parents before children), and `--remote`'s fetch.
import { GitCommandError, runGit } from '../../engines/git/worktree.ts';
import { UsageError } from '../../foundations/errors.ts';

export interface PendingCommit {
  sha: string;
  /** First parent, or null for a root commit. */
  parent: string | null;
  /** A merge's files changed against any of its parents (what it brings to either side); absent for other commits. */
  mergeChanges?: string[];
  /** The first commit the watcher ever sees is scanned whole: there is nothing to diff it against. */
  kind: 'baseline' | 'commit';
}

/** The current branch's name, or a usage error on a detached HEAD (pass --branch). */
export function currentBranch(repo: string): string {
  try {
    return runGit(repo, ['symbolic-ref', '--quiet', '--short', 'HEAD']).trim();
  } catch {
    throw new UsageError(`${repo} has a detached HEAD: pass --branch <name> to say which branch to watch.`);
  }
}

/** A branch name as the user wrote it, refused when it could read as an option or names nothing. */
export function checkBranch(repo: string, branch: string, remote: string | undefined): string {
  if (!branch || branch.startsWith('-') || /[\s\0]/.test(branch)) throw new UsageError(`--branch: '${branch}' is not a branch name.`);
  return remote ? `refs/remotes/${remote}/${branch}` : `refs/heads/${branch}`;
}

/** The commit a ref points at, or null when it does not exist (yet). */
export function tipOf(repo: string, ref: string): string | null {
  try {
    return runGit(repo, ['rev-parse', '--verify', '--quiet', '--end-of-options', `${ref}^{commit}`]).trim() || null;
  } catch {
    return null;
  }
}

/** `git fetch <remote> <branch>`; a failure is systemic (the remote is down or gone) and throws. */
export function fetchRemote(repo: string, remote: string, branch: string): void {
  runGit(repo, ['fetch', '--quiet', '--no-tags', '--end-of-options', remote, `+refs/heads/${branch}:refs/remotes/${remote}/${branch}`]);
}

function parentOf(repo: string, sha: string): string | null {
  const line = runGit(repo, ['rev-list', '--parents', '-n1', sha]).trim().split(' ');
  return line[1] ?? null;
}

function isAncestor(repo: string, ancestor: string, of: string): boolean {
  try {
    runGit(repo, ['merge-base', '--is-ancestor', ancestor, of]);
    return true;
  } catch (error) {
    if (error instanceof GitCommandError) return false;
    throw error;
  }
}

/** Files a merge changed against each of its parents, joined: the branch's changes seen from the mainline and back. */
function mergeChanges(repo: string, sha: string, parents: readonly string[]): string[] {
  const paths = new Set<string>();
  for (const parent of parents) {
    for (const path of runGit(repo, ['diff', '--name-only', '--no-renames', '-z', parent, sha, '--']).split('\0')) if (path) paths.add(path);
  }
  return [...paths].sort();
}

/**
 * The commits to process after `last` up to `tip`, parents before children, following every parent: the commits of
 * a merged branch are each investigated, then the merge itself against each of its parents.
 * With no `last`, only the tip, as the baseline. When the branch was rewritten and `last` is no longer in its
 * history, the walk starts from where the two histories meet.
 */
export function pendingCommits(repo: string, tip: string, last: string | null): PendingCommit[] {
  if (!last) return [{ sha: tip, parent: parentOf(repo, tip), kind: 'baseline' }];
  if (last === tip) return [];
  let from = last;
  if (!isAncestor(repo, last, tip)) {
    try {
      from = runGit(repo, ['merge-base', last, tip]).trim();
    } catch {
      return [{ sha: tip, parent: parentOf(repo, tip), kind: 'baseline' }];
    }
  }
  const out = runGit(repo, ['rev-list', '--reverse', '--topo-order', '--parents', `${from}..${tip}`]).trim();
  if (!out) return [];
  return out.split('\n').map((line) => {
    const [sha, ...parents] = line.split(' ');
    const commit: PendingCommit = { sha: sha!, parent: parents[0] ?? null, kind: 'commit' };
    if (parents.length > 1) commit.mergeChanges = mergeChanges(repo, sha!, parents);
    return commit;
  });
}
