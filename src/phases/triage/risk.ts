// Pure risk scoring: turns content signals, size, branching, git churn and test presence into weighted,
// explained RiskSignals and one score. Higher scores are scanned first.
import type { RiskSignal } from '../../artifacts/schemas/triage.ts';
import { BOUNDARY_SIGNALS } from './signal-patterns.ts';
import type { ContentScan } from './signals.ts';

export interface RiskInput {
  scan: ContentScan;
  lines: number;
}

const BASE_WEIGHT = new Map(BOUNDARY_SIGNALS.map((s) => [s.signal, s.weight]));
const round = (n: number) => Math.round(n * 100) / 100;

// More matches raise a signal's weight slowly, at most doubling it: one exec call already matters.
function boundaryWeight(base: number, count: number): number {
  return round(Math.min(2 * base, base * (1 + Math.log2(count) / 4)));
}

/** Signals the file's content carries; churn and test presence are added once history and all files are known. */
export function evidenceSignals(input: RiskInput): RiskSignal[] {
  const out: RiskSignal[] = [];
  for (const s of input.scan.signals) {
    const base = BASE_WEIGHT.get(s.signal) ?? 1;
    out.push({ signal: s.signal, weight: boundaryWeight(base, s.count), detail: `${s.count}× e.g. ${s.examples.join(', ')}` });
  }
  const complexity = round(Math.min(4, input.scan.branches / 25 + input.lines / 1000));
  // Below 1 (about 25 branch points) nearly every file would carry it, and a signal on every file says nothing.
  if (complexity >= 1) {
    out.push({ signal: 'complexity', weight: complexity, detail: `${input.lines} lines, ${input.scan.branches} branch points` });
  }
  return out;
}

/** Commits that touched the file recently; one commit (its creation) says nothing. */
export function churnSignal(commits: number): RiskSignal | undefined {
  if (commits < 2) return undefined;
  return { signal: 'churn', weight: round(Math.min(3, Math.log2(commits))), detail: `changed in ${commits} recent commits` };
}

export const NO_TEST_SIGNAL: RiskSignal = { signal: 'no-test', weight: 1, detail: 'no test file named after it was found' };

export function riskScore(signals: readonly RiskSignal[]): number {
  return round(signals.reduce((sum, s) => sum + s.weight, 0));
}
