// Fixer-scope immutability: an existing scope may be re-confirmed but never replaced. Pure comparison;
// the grant is what matters (repo root, base commit, margin, entries), not who wrote it or when.
import type { FixerScope } from '../../artifacts/schemas/fix.ts';
import { canonicalJson } from '../../foundations/hashing/canonical-json.ts';

type Grant = Pick<FixerScope, 'repoRoot' | 'baseCommit' | 'marginLines' | 'entries'>;

/** The grant alone, keys sorted: two scopes grant the same authority when these are equal. */
function grantJson(scope: Grant): string {
  return canonicalJson({ repoRoot: scope.repoRoot, baseCommit: scope.baseCommit, marginLines: scope.marginLines, entries: scope.entries });
}

/** Null when the two grant the same authority, else a one-line description of the first difference. */
export function scopeDifference(existing: Grant, next: Grant): string | null {
  if (existing.repoRoot !== next.repoRoot) return `repository root ${existing.repoRoot} → ${next.repoRoot}`;
  if (existing.baseCommit !== next.baseCommit) return `base commit ${existing.baseCommit.slice(0, 12)} → ${next.baseCommit.slice(0, 12)}`;
  if (grantJson(existing) !== grantJson(next)) return 'the granted bug ids, files, line ranges or gates differ';
  return null;
}
