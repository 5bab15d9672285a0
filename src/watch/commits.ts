// Which commits the watcher has to process, through the one git runner (src/git/run.ts): the branch's tip, the
// new first-parent commits since the last one processed (oldest first), and `--remote`'s fetch.
import { GitCommandError, runGit } from '../git/worktree.ts';
import { UsageError } from '../errors.ts';

export interface PendingCommit {
  sha: string;
  /** First parent, or null for a root commit. */
  parent: string | null;
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

/**
 * The commits to process after `last` up to `tip`, oldest first, following first parents (a merge is one commit).
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
  const out = runGit(repo, ['rev-list', '--reverse', '--first-parent', '--parents', `${from}..${tip}`]).trim();
  if (!out) return [];
  return out.split('\n').map((line) => {
    const [sha, parent] = line.split(' ');
    return { sha: sha!, parent: parent ?? null, kind: 'commit' as const };
  });
}
