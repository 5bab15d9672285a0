// What one investigation looks at, in the diff-aware scan's terms (src/engines/scope/): a new commit's blast radius (the
// files it changed against its parent, or a merge's against each parent, plus their importers), or the sweep's few files at the tip. The first
// commit the watcher sees has nothing to diff against and is scanned whole.
import type { DiffRequest } from '../../engines/scope/spec.ts';
import type { PendingCommit } from './commits.ts';

/** Importer hops taken in around a commit's changed files. */
export const COMMIT_RADIUS = 1;

export interface ScanFocus {
  diff?: DiffRequest;
  changedPaths?: string[];
}

export function commitFocus(commit: PendingCommit): ScanFocus {
  if (commit.kind === 'baseline' || !commit.parent) return {};
  const diff = { mode: 'diff' as const, radius: COMMIT_RADIUS, base: commit.parent, head: commit.sha, range: '..' as const };
  // A merge: what it changed against any parent, so neither side's changes go unexamined in the merged tree.
  return commit.mergeChanges ? { diff, changedPaths: commit.mergeChanges } : { diff };
}

/** Exactly these files at `sha`, nothing around them. */
export function sweepFocus(sha: string, files: readonly string[]): ScanFocus {
  return { diff: { mode: 'diff', radius: 0, base: sha, head: sha, range: '..' }, changedPaths: [...files] };
}
