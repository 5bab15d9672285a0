// The panel review of a fix before it becomes a pull request: deterministic reviewers over the diff and the proof —
// scope-checker (cascade deletions, edits outside the finding's scope), spec-compliance (the change touches the
// lines the finding cites), test-coverage (a reproduction went red → green) — deduplicated into one review brief.
// A failing reviewer fails the panel. Pure.
import type { ScopeEntry } from '../artifacts/schemas/fix.ts';
import type { ReportedFinding } from '../artifacts/schemas/scan-report.ts';
import type { FileChange } from './diff-stats.ts';
import type { FixProof } from './pr-body.ts';

export interface ReviewerVerdict {
  reviewer: 'scope-checker' | 'spec-compliance' | 'test-coverage';
  passed: boolean;
  remarks: string[];
}

export interface PanelReview {
  passed: boolean;
  reviewers: ReviewerVerdict[];
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

export function panelReview(input: PanelInput): PanelReview {
  const reviewers = [scopeChecker(input), specCompliance(input), testCoverage(input)];
  const seen = new Set<string>();
  const lines: string[] = [];
  for (const r of reviewers) {
    for (const remark of r.remarks) {
      if (seen.has(remark)) continue;
      seen.add(remark);
      lines.push(`- ${r.passed ? '' : '**failed** '}${r.reviewer}: ${remark}`);
    }
    if (r.remarks.length === 0) lines.push(`- ${r.reviewer}: no remarks`);
  }
  return { passed: reviewers.every((r) => r.passed), reviewers, brief: lines.join('\n') };
}
