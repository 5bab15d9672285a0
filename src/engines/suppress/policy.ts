// When a suppression may hide a finding: the one rule for suppressions.json entries and inline comments alike.
// Pure. A suppression from the repository (the committed file, a comment in the source: line, block or file) is set
// aside under --no-repo-suppressions, and in a diff-aware scan when the change under review adds it: a change cannot
// hide a finding from its own review, its own or one already there. A person's own uncommitted dismissal is not the
// repository's.
import type { Finding } from '../../artifacts/schemas/common.ts';
import type { SuppressionSource } from '../../artifacts/schemas/scan-report.ts';
import type { DiffScopeRecord } from '../../artifacts/schemas/triage.ts';
import { changedLineIndex, findingInDiff } from '../scope/in-diff.ts';

export const NO_REPO_WHY = '--no-repo-suppressions';
export const ADDED_BY_CHANGE_WHY = 'added by the change under review, which may not hide a finding from its own review';

export interface SuppressionPolicy {
  /** --no-repo-suppressions. */
  ignoreRepository: boolean;
  /** Diff-aware scans: true when the suppression did not exist at the diff's base. */
  addedByChange: boolean;
  /** Diff-aware scans: the finding cites a changed line (recorded; a suppression the change adds is set aside either way). */
  findingInChange: boolean;
}

/** Why this suppression must not hide the finding, or null when it applies. */
export function setAsideWhy(source: SuppressionSource, policy: SuppressionPolicy): string | null {
  if (source === 'dismissal') return null;
  if (policy.ignoreRepository) return NO_REPO_WHY;
  if (policy.addedByChange) return ADDED_BY_CHANGE_WHY;
  return null;
}

/** The skeptic's rule for inline comments: the comment's own line changed in the diff counts as added by the change. */
export function inlineSetAside(ignoreRepository: boolean, diffScope: DiffScopeRecord | undefined): ((finding: Finding, commentLine: number) => string | null) | undefined {
  if (!ignoreRepository && !diffScope) return undefined;
  const touched = diffScope ? changedLineIndex(diffScope.changed) : undefined;
  return (finding, commentLine) =>
    setAsideWhy('inline', {
      ignoreRepository,
      addedByChange: touched ? touched(finding.file, commentLine, commentLine) : false,
      findingInChange: touched ? findingInDiff(finding, touched) : false,
    });
}
