// When a suppression may hide a finding: the one rule for suppressions.json entries and inline comments alike.
// Pure. A suppression from the repository (the committed file, a comment in the source) is set aside under
// --no-repo-suppressions, and in a diff-aware scan when the change under review adds it and the finding is on a
// changed line: a change cannot hide its own finding. A person's own uncommitted dismissal is not the repository's.
import type { Finding } from '../../artifacts/schemas/common.ts';
import type { SuppressionSource } from '../../artifacts/schemas/scan-report.ts';
import type { DiffScopeRecord } from '../../artifacts/schemas/triage.ts';
import { changedLineIndex, findingInDiff } from '../scope/in-diff.ts';

export const NO_REPO_WHY = '--no-repo-suppressions';
export const ADDED_BY_CHANGE_WHY = 'added by the change under review, which it would hide a finding of';

export interface SuppressionPolicy {
  /** --no-repo-suppressions. */
  ignoreRepository: boolean;
  /** Diff-aware scans: true when the suppression did not exist at the diff's base. */
  addedByChange: boolean;
  /** Diff-aware scans: the finding cites a changed line. */
  findingInChange: boolean;
}

/** Why this suppression must not hide the finding, or null when it applies. */
export function setAsideWhy(source: SuppressionSource, policy: SuppressionPolicy): string | null {
  if (source === 'dismissal') return null;
  if (policy.ignoreRepository) return NO_REPO_WHY;
  if (policy.addedByChange && policy.findingInChange) return ADDED_BY_CHANGE_WHY;
  return null;
}

/** The skeptic's rule for inline comments: the comment's line changed in the diff counts as added by the change. */
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
