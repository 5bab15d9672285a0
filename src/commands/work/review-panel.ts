// The panel review of a fix before it becomes a pull request. Rule reviewers over the diff and the proof —
// scope-checker (cascade deletions, edits outside the finding's scope), spec-compliance (the change touches the
// lines the finding cites), test-coverage (a reproduction went red → green) — always run; the model reviewers
// (model-panel.ts: the same three plus code-reviewer, and red-team on security-sensitive changes) add their
// verdicts when a model is there. One verdict per reviewer (failing when any of its halves fails), remarks
// deduplicated into one review brief that also names the reviewers that did not run. Pure.
import type { ScopeEntry } from '../../artifacts/schemas/fix.ts';
import type { ReportedFinding } from '../../artifacts/schemas/scan-report.ts';
import type { FileChange } from './diff-stats.ts';
import type { FixProof } from './pr-body.ts';

export const REVIEWERS = ['scope-checker', 'spec-compliance', 'test-coverage', 'code-reviewer', 'red-team'] as const;
export type ReviewerName = (typeof REVIEWERS)[number];

export interface ReviewerVerdict {
  reviewer: ReviewerName;
  passed: boolean;
  remarks: string[];
}

export interface NotRun {
  reviewer: ReviewerName;
  why: string;
}

export interface PanelReview {
  passed: boolean;
  reviewers: ReviewerVerdict[];
  /** Reviewers that gave no verdict: the panel's pass never speaks for them. */
  notRun: NotRun[];
  brief: string;
}

export interface PanelInput {
  finding: ReportedFinding;
  entry: ScopeEntry;
  margin: number;
  changes: readonly FileChange[];
  proof: FixProof;
}

// A removed line that declared something exported: callers elsewhere may lose it (a cascade deletion).
const EXPORTED = /^\s*export\s+(default\s+)?(async\s+)?(function|class|const|let|var|interface|type|enum)\s+([\w$]+)/;

export function scopeChecker({ entry, changes }: PanelInput): ReviewerVerdict {
  const remarks: string[] = [];
  const allowed = new Set(entry.files.map((f) => f.path));
  for (const c of changes) {
    if (!allowed.has(c.path)) remarks.push(`${c.path} is outside the finding's scope (${[...allowed].join(', ')})`);
    if (c.status === 'deleted') remarks.push(`${c.path} is deleted`);
    if (c.status === 'renamed') remarks.push(`${c.path} is renamed`);
    const kept = new Set(c.added.map((l) => EXPORTED.exec(l)?.[4]).filter(Boolean));
    for (const line of c.removed) {
      const name = EXPORTED.exec(line)?.[4];
      if (name && !kept.has(name)) remarks.push(`${c.path}: the exported ${name} is removed`);
    }
  }
  return { reviewer: 'scope-checker', passed: remarks.length === 0, remarks };
}

export function specCompliance({ finding, entry, margin, changes }: PanelInput): ReviewerVerdict {
  const f = finding.finding;
  const own = changes.find((c) => c.path === f.file);
  if (changes.length === 0) return { reviewer: 'spec-compliance', passed: false, remarks: ['the fix changes nothing'] };
  if (!own) return { reviewer: 'spec-compliance', passed: false, remarks: [`the fix does not touch ${f.file}, where the finding is`] };
  const ranges = entry.files.find((e) => e.path === f.file)?.ranges ?? [];
  const where = ranges.map((r) => `${Math.max(1, r.start - margin)}-${r.end + margin}`).join(', ');
  return { reviewer: 'spec-compliance', passed: true, remarks: [`changes ${f.file} within the cited lines (${where}) for ${f.id}: ${f.claim.split('\n')[0]}`] };
}

export function testCoverage({ proof }: PanelInput): ReviewerVerdict {
  if (proof.before.outcome === 'failed' && proof.after.outcome === 'passed') return { reviewer: 'test-coverage', passed: true, remarks: ['the reproduction failed before the fix and passes after it'] };
  if (proof.before.outcome === 'none') {
    return { reviewer: 'test-coverage', passed: proof.suite.total > 0 && proof.suite.passed === proof.suite.total, remarks: ['no reproduction: the fix is covered only by the existing suite; add a test when reviewing'] };
  }
  return { reviewer: 'test-coverage', passed: false, remarks: [`the reproduction did not go red → green (before: ${proof.before.outcome}, after: ${proof.after.outcome})`] };
}

/** The rule reviewers' verdicts merged with the model reviewers' (same name → one verdict); pass = every verdict passed. */
export function panelReview(input: PanelInput, models: readonly ReviewerVerdict[] = [], notRun: readonly NotRun[] = []): PanelReview {
  const all = [scopeChecker(input), specCompliance(input), testCoverage(input), ...models];
  const reviewers: ReviewerVerdict[] = [];
  for (const name of REVIEWERS) {
    const mine = all.filter((v) => v.reviewer === name);
    if (mine.length > 0) reviewers.push({ reviewer: name, passed: mine.every((v) => v.passed), remarks: [...new Set(mine.flatMap((v) => v.remarks))] });
  }
  const seen = new Set<string>();
  const lines: string[] = [];
  for (const r of reviewers) {
    const fresh = r.remarks.filter((remark) => !seen.has(remark.trim().toLowerCase()));
    for (const remark of fresh) {
      seen.add(remark.trim().toLowerCase());
      lines.push(`- ${r.passed ? '' : '**failed** '}${r.reviewer}: ${remark}`);
    }
    if (r.remarks.length === 0) lines.push(`- ${r.reviewer}: no remarks`);
  }
  if (notRun.length > 0) lines.push(`- did not run: ${notRun.map((n) => `${n.reviewer} (${n.why})`).join('; ')}`);
  return { passed: reviewers.every((r) => r.passed), reviewers, notRun: [...notRun], brief: lines.join('\n') };
}
