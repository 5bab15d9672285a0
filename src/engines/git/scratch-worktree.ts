// Scratch git worktrees that hold nothing of the user's (a baseline scan, a watched commit): one way to make one
// detached at a commit, one way to remove one (forced, its folder deleted, git's list pruned), and
// withScratchWorktree, which makes one in a temp folder, runs a function in it and always removes it.
// Worktrees that may hold work of value (the fixer's) are removed only when proven safe: worktree.ts.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { addWorktree, runGit } from './worktree.ts';

/** A scratch worktree at `dir`, detached at `commit` (the same add the fixer's worktrees use). */
export function addScratchWorktree(repo: string, dir: string, commit: string): void {
  addWorktree(repo, dir, commit);
}

/**
 * Removes a scratch worktree: forced (nothing in it is the user's), then the folder itself, then git's record.
 * A failed `worktree remove` goes to `onRemoveError` (default: ignored, the folder goes all the same); pruning is
 * tidying only, so its failure is ignored (a leftover entry is harmless and `git worktree prune` clears it later).
 */
export function removeScratchWorktree(repo: string, dir: string, onRemoveError: (error: Error) => void = () => {}): void {
  if (existsSync(dir)) {
    try {
      runGit(repo, ['worktree', 'remove', '--force', '--force', dir]);
    } catch (error) {
      onRemoveError(error as Error);
    }
    rmSync(dir, { recursive: true, force: true });
  }
  try {
    runGit(repo, ['worktree', 'prune']);
  } catch {
    // Tidying only.
  }
}

export interface ScratchOptions {
  /** The temp folder's name prefix (default `bh-scratch-`). */
  prefix?: string;
  /** Called when git cannot remove the worktree; the folder is deleted and pruned all the same. */
  onRemoveError?: (dir: string, error: Error) => void;
}

/** Runs `fn` in a scratch worktree of `repo` detached at `commit`, made in a temp folder and always removed. */
export async function withScratchWorktree<T>(repo: string, commit: string, fn: (path: string) => Promise<T> | T, options: ScratchOptions = {}): Promise<T> {
  const scratch = mkdtempSync(join(tmpdir(), options.prefix ?? 'bh-scratch-'));
  const tree = join(scratch, 'tree');
  try {
    addScratchWorktree(repo, tree, commit);
    return await fn(tree);
  } finally {
    removeScratchWorktree(repo, tree, (error) => options.onRemoveError?.(tree, error));
    rmSync(scratch, { recursive: true, force: true });
  }
}
