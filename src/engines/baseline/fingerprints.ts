// Which findings of the base's report count as "already there": every finding the referee did not dismiss.
// Pure. Suppressed ones count too: a person dismissing a finding does not make it new at the head.
import type { BaseFinding } from '../../artifacts/schemas/baseline.ts';
import type { ScanReport } from '../../artifacts/schemas/scan-report.ts';
import { isReported } from '../report/findings.ts';
import { levelOf, ruleIdOf } from '../report/sarif-rules.ts';
import { compareText } from '../../foundations/text/compare.ts';

export function baseFingerprints(report: Pick<ScanReport, 'findings'>): string[] {
  return [...new Set(report.findings.filter((f) => f.verdict !== 'dismissed').map((f) => f.finding.fingerprint))].sort();
}

/** The base findings its own report showed (as its SARIF did), one per fingerprint: candidates for "absent" at the head. */
export function baseFindings(report: Pick<ScanReport, 'findings' | 'options'>): BaseFinding[] {
  const byFingerprint = new Map<string, BaseFinding>();
  for (const f of report.findings.filter((x) => isReported(x, report.options.showSuspected))) {
    const x = f.finding;
    if (byFingerprint.has(x.fingerprint)) continue;
    byFingerprint.set(x.fingerprint, {
      fingerprint: x.fingerprint,
      ruleId: ruleIdOf(f),
      category: x.category,
      file: x.file,
      startLine: x.startLine,
      endLine: Math.max(x.startLine, x.endLine),
      claim: x.claim,
      severity: f.severity,
      level: levelOf(f),
    });
  }
  return [...byFingerprint.values()].sort((a, b) => compareText(a.fingerprint, b.fingerprint));
}
