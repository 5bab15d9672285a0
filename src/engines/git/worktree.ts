// Git worktrees for the fixer: add one detached at a commit, reset it to that commit, commit to a NEW branch,
// and remove one only when removal is proven safe. Never touches the user's working tree or current branch.
import { realpathSync } from 'node:fs';
import { gitUser } from './git.ts';
import { gitOrThrow } from './run.ts';
import { InfrastructureError } from '../../foundations/errors.ts';

/** A git command failed (a worktree that cannot be added, a branch that exists …): exit 3 with git's own words. */
export class GitCommandError extends InfrastructureError {
  override readonly name = 'GitCommandError';
}

export function runGit(cwd: string, args: string[]): string {
  // Hooks, filters and the rest of the target's executable settings are neutralised in gitSync.
  return gitOrThrow(cwd, args, GitCommandError, 64 * 1024 * 1024);
}

/** A worktree at `dir`, detached at `commit`. */
export function addWorktree(repo: string, dir: string, commit: string): void {
  runGit(repo, ['worktree', 'add', '--detach', '--quiet', dir, commit]);
}

/** Back to exactly `commit`: every attempt starts from the base. */
export function resetWorktree(dir: string, commit: string): void {
  runGit(dir, ['reset', '--hard', '--quiet', commit]);
  runGit(dir, ['clean', '-fdxq']);
}

/** Registered worktree paths of a repository (real paths). */
export function listWorktrees(repo: string): string[] {
  return runGit(repo, ['worktree', 'list', '--porcelain'])
    .split('\n')
    .filter((l) => l.startsWith('worktree '))
    .map((l) => l.slice('worktree '.length));
}

/**
 * Removes a worktree only after proving it holds nothing of value: it is registered to `repo`, detached at
 * `expectedCommit` and has no changes, untracked or ignored files. Otherwise it is left and the reason returned.
 */
export function removeWorktreeSafely(repo: string, dir: string, expectedCommit: string): { removed: true } | { removed: false; reason: string } {
  try {
    const real = realpathSync(dir);
    if (!listWorktrees(repo).includes(real)) return { removed: false, reason: `${dir} is not a worktree of ${repo}` };
    const head = runGit(dir, ['rev-parse', 'HEAD']).trim();
    if (head !== expectedCommit) return { removed: false, reason: `${dir} is at ${head.slice(0, 12)}, not the expected ${expectedCommit.slice(0, 12)}` };
    const status = runGit(dir, ['status', '--porcelain', '--ignored', '--untracked-files=all']).trim();
    if (status) return { removed: false, reason: `${dir} has changes or untracked files: ${status.split('\n').slice(0, 3).join('; ')}` };
    // No --force: git itself refuses when it sees anything it would lose.
    runGit(repo, ['worktree', 'remove', real]);
    return { removed: true };
  } catch (error) {
    return { removed: false, reason: (error as Error).message };
  }
}

export function branchExists(repo: string, branch: string): boolean {
  try {
    runGit(repo, ['rev-parse', '--verify', '--quiet', `refs/heads/${branch}`]);
    return true;
  } catch {
    return false;
  }
}

/**
 * Commits `files` (path → content) on a NEW branch started at `start`, inside a scratch worktree at `dir`.
 * Refuses an existing branch. Returns the new commit; the scratch worktree is removed when proven safe.
 */
export function commitToNewBranch(repo: string, dir: string, branch: string, start: string, write: (worktree: string) => string[], message: string): { commit: string; left: string | null } {
  if (branchExists(repo, branch)) throw new GitCommandError(`Branch ${branch} already exists in ${repo}; bug-hunter commits only to a new branch.`);
  runGit(repo, ['worktree', 'add', '--quiet', '-b', branch, dir, start]);
  const paths = write(dir);
  runGit(dir, ['add', '--', ...paths]);
  const identity = gitUser(repo) ? [] : ['-c', 'user.name=bug-hunter', '-c', 'user.email=bug-hunter@localhost'];
  runGit(dir, [...identity, 'commit', '--quiet', '--no-verify', '-m', message]);
  const commit = runGit(dir, ['rev-parse', 'HEAD']).trim();
  // The scratch worktree is on the branch, not detached: detach it first so removal is proven like any other.
  runGit(dir, ['checkout', '--quiet', '--detach', commit]);
  const removal = removeWorktreeSafely(repo, dir, commit);
  return { commit, left: removal.removed ? null : `${dir} (${removal.reason})` };
}
