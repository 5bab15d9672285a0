// The queue's git plumbing against the origin remote: its default branch and head (one fetch before the queue
// starts), the fix committed in the detached worktree, and that commit pushed to a new remote branch. No local
// branch is created, so a dry run or a failed push leaves nothing to clean up. Git runs through src/engines/git/run.ts.
import { gitUser } from '../../engines/git/git.ts';
import { runGit } from '../../engines/git/worktree.ts';

export interface RemoteBase {
  branch: string;
  commit: string;
}

/** origin's default branch (what its HEAD points at), fetched; its commit is where every worktree starts. */
export function fetchRemoteBase(repo: string, remote = 'origin'): RemoteBase {
  const symref = runGit(repo, ['ls-remote', '--symref', remote, 'HEAD']);
  const branch = /^ref: refs\/heads\/(\S+)\tHEAD$/m.exec(symref)?.[1];
  if (!branch) throw new Error(`${remote} does not say which branch is its default (no HEAD symref in ls-remote).`);
  runGit(repo, ['fetch', '--quiet', '--no-tags', remote, `+refs/heads/${branch}:refs/remotes/${remote}/${branch}`]);
  return { branch, commit: runGit(repo, ['rev-parse', '--verify', `refs/remotes/${remote}/${branch}^{commit}`]).trim() };
}

/** Commits every change in the worktree (detached) and returns the commit; the worktree's HEAD moves to it. */
export function commitInWorktree(repo: string, worktree: string, message: string): string {
  runGit(worktree, ['add', '-A']);
  const identity = gitUser(repo) ? [] : ['-c', 'user.name=bug-hunter', '-c', 'user.email=bug-hunter@localhost'];
  runGit(worktree, [...identity, 'commit', '--quiet', '--no-verify', '-m', message]);
  return runGit(worktree, ['rev-parse', 'HEAD']).trim();
}

/** Whether the remote already has the branch. */
export function remoteHasBranch(repo: string, branch: string, remote = 'origin'): boolean {
  return runGit(repo, ['ls-remote', '--heads', remote, `refs/heads/${branch}`]).trim() !== '';
}

/** Pushes a commit to a NEW branch on the remote; git refuses when the branch exists and is not an ancestor. */
export function pushCommit(repo: string, commit: string, branch: string, remote = 'origin'): void {
  runGit(repo, ['push', '--quiet', '--no-verify', remote, `${commit}:refs/heads/${branch}`]);
}
