// Which finding a queued issue is about, and what the fixer may touch for it: the publish marker's fingerprint
// → the confirmed finding in the scan report → the fix plan's scope entry for that finding alone (so the same
// classification rules decide whether it is safe to fix unattended). Pure.
import type { RunIdentity } from '../../artifacts/schemas/common.ts';
import type { ScopeEntry } from '../../artifacts/schemas/fix.ts';
import type { ReportedFinding, ScanReport } from '../../artifacts/schemas/scan-report.ts';
import { planFixes } from '../../engines/fix/plan.ts';
import { unsupportedEvidence } from '../../engines/integrity/evidence.ts';
import { markerOf } from '../../engines/publish/body.ts';
import type { QueueIssue } from './queue-issue.ts';
import { isKeyOf } from '../../engines/findings/rekey.ts';

export type IssueFinding =
  | { ok: true; fingerprint: string; finding: ReportedFinding; entry: ScopeEntry; margin: number }
  | { ok: false; fingerprint: string | null; finding: ReportedFinding | null; why: string };

export function findingForIssue(issue: QueueIssue, report: ScanReport, identity: RunIdentity & { baseCommit: string }): IssueFinding {
  const fingerprint = markerOf(issue.body);
  if (!fingerprint) return { ok: false, fingerprint: null, finding: null, why: 'the issue carries no bug-hunter fingerprint marker (the queue fixes issues filed by `bug-hunter publish`)' };
  const finding = report.findings.find((f) => isKeyOf(fingerprint, f.finding)) ?? null;
  if (!finding) return { ok: false, fingerprint, finding, why: `no finding with fingerprint ${fingerprint} in the scan report (run ${report.run.runId}); scan again` };
  if (finding.suppressed || finding.verdict !== 'confirmed') return { ok: false, fingerprint, finding, why: `finding ${finding.finding.id} is ${finding.suppressed ? 'dismissed' : finding.verdict}, not confirmed` };
  const planning = planFixes({ ...report, findings: [finding] }, identity);
  const entry = planning.scope?.entries[0];
  if (!planning.scope || !entry) {
    const cluster = planning.strategy.clusters[0];
    return { ok: false, fingerprint, finding, why: `the fix plan does not let it be fixed unattended (${cluster ? `${cluster.classification}: ${cluster.reasons.join('; ')}` : 'no cluster'})` };
  }
  return { ok: true, fingerprint, finding, entry, margin: planning.scope.marginLines };
}

/** Null when the finding's evidence still reads the same at the cited lines of the base; else why not. */
export function staleEvidence(finding: ReportedFinding, read: (path: string) => string | null): string | null {
  const files = new Set([finding.finding.file, ...finding.finding.evidence.map((e) => e.file)]);
  const sources = new Map<string, string>();
  for (const file of files) {
    const text = read(file);
    if (text !== null) sources.set(file, text);
  }
  const why = unsupportedEvidence(finding.finding, sources);
  return why ? `the code the finding cites changed on the base branch (${why}); scan again before fixing` : null;
}
