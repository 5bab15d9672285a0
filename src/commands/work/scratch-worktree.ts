// A throw-away detached worktree of the repository at a commit, for one piece of the queue's work (an issue's
// fix, a self-review fix round). Afterwards it is put back at that commit, cleaned and removed only when removal
// is proven safe; otherwise it is left and reported. Commits made in it stay in the repository's object store.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { addWorktree, removeWorktreeSafely, runGit } from '../../engines/git/worktree.ts';

export async function inScratchWorktree<T>(repo: string, commit: string, name: string, work: (worktree: string) => Promise<T>): Promise<{ value: T; left: string | null }> {
  const scratch = mkdtempSync(join(tmpdir(), 'bh-work-'));
  const worktree = join(scratch, name);
  addWorktree(repo, worktree, commit);
  let value: T;
  let left: string | null;
  try {
    value = await work(worktree);
  } finally {
    left = putAway(repo, worktree, commit, scratch);
  }
  return { value, left };
}

function putAway(repo: string, worktree: string, commit: string, scratch: string): string | null {
  try {
    runGit(worktree, ['checkout', '--quiet', '--detach', '--force', commit]);
    runGit(worktree, ['clean', '-fdxq']);
  } catch {
    // removal below reports what is left
  }
  const removal = removeWorktreeSafely(repo, worktree, commit);
  if (!removal.removed) return `${worktree} (${removal.reason})`;
  rmSync(scratch, { recursive: true, force: true });
  return null;
}
