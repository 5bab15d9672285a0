// One-to-one matching of reported findings to labelled bugs in one scan of one case (pure).
// A pair is possible when the file is the same, the line ranges overlap once widened by LINE_TOLERANCE,
// and the categories are compatible. Maximum matching (augmenting paths), trying closer pairs first.
import type { Category, Severity } from '../../../src/artifacts/schemas/common.ts';
import { categoriesCompatible } from './categories.ts';
import type { BugLabel, DecoyLabel } from './labels.ts';

export const LINE_TOLERANCE = 3;

/** The parts of a reported finding the scorer uses. */
export interface ScoredFinding {
  fingerprint: string;
  file: string;
  startLine: number;
  endLine: number;
  category: Category;
  severity: Severity;
  confidence: number;
  lens: string;
  ruleId?: string;
}

export interface CaseMatch {
  matched: { finding: ScoredFinding; label: BugLabel }[];
  /** Findings that match no bug; `decoy` names the decoy they landed on, if any. */
  falsePositives: { finding: ScoredFinding; decoy?: string }[];
  missed: BugLabel[];
}

interface Span {
  file: string;
  startLine: number;
  endLine: number;
}

/** Lines between two ranges (0 when they overlap); Infinity for different files. */
export function lineGap(a: Span, b: Span): number {
  if (a.file !== b.file) return Infinity;
  if (a.endLine < b.startLine) return b.startLine - a.endLine;
  if (b.endLine < a.startLine) return a.startLine - b.endLine;
  return 0;
}

export function near(a: Span, b: Span, tolerance = LINE_TOLERANCE): boolean {
  return lineGap(a, b) <= tolerance;
}

export function matchCase(findings: readonly ScoredFinding[], bugs: readonly BugLabel[], decoys: readonly DecoyLabel[]): CaseMatch {
  // Candidate labels per finding, closest first (then label order) so ties resolve the same way every time.
  const candidates = findings.map((f) =>
    bugs
      .map((label, index) => ({ index, gap: lineGap(f, label) }))
      .filter(({ index, gap }) => gap <= LINE_TOLERANCE && categoriesCompatible(f.category, bugs[index]!.category))
      .sort((a, b) => a.gap - b.gap || a.index - b.index)
      .map(({ index }) => index),
  );
  const owner: (number | undefined)[] = bugs.map(() => undefined);

  const augment = (fi: number, visited: Set<number>): boolean => {
    for (const li of candidates[fi]!) {
      if (visited.has(li)) continue;
      visited.add(li);
      const current = owner[li];
      if (current === undefined || augment(current, visited)) {
        owner[li] = fi;
        return true;
      }
    }
    return false;
  };
  // Higher-confidence findings claim labels first; augmenting paths still give the maximum matching.
  const order = findings.map((_, i) => i).sort((a, b) => findings[b]!.confidence - findings[a]!.confidence || a - b);
  for (const fi of order) augment(fi, new Set());

  const labelOf = new Map<number, number>();
  owner.forEach((fi, li) => {
    if (fi !== undefined) labelOf.set(fi, li);
  });
  const matched: CaseMatch['matched'] = [];
  const falsePositives: CaseMatch['falsePositives'] = [];
  findings.forEach((finding, fi) => {
    const li = labelOf.get(fi);
    if (li !== undefined) {
      matched.push({ finding, label: bugs[li]! });
      return;
    }
    const decoy = decoys
      .filter((d) => near(finding, d))
      .sort((a, b) => lineGap(finding, a) - lineGap(finding, b))[0];
    falsePositives.push(decoy ? { finding, decoy: decoy.id } : { finding });
  });
  const missed = bugs.filter((_, li) => owner[li] === undefined);
  return { matched, falsePositives, missed };
}
