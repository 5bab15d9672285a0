// Clusters confirmed, unsuppressed findings by root cause: the same file and symbol, or the same rule/category in the
// same function. Pure: scan-report findings in, clusters (finding groups in a stable order) out.
import type { ReportedFinding } from '../../artifacts/schemas/scan-report.ts';
import { compareText } from '../../foundations/text/compare.ts';

export interface FindingGroup {
  key: string;
  findings: ReportedFinding[];
}

/** The findings a fix plan considers: confirmed or manual-review, not suppressed. */
export function fixCandidates(findings: ReportedFinding[]): ReportedFinding[] {
  return findings.filter((f) => !f.suppressed && (f.verdict === 'confirmed' || f.verdict === 'manual-review'));
}

// A finding without a symbol clusters with others of the same rule in the same file: the only root-cause signal left.
function keyOf(f: ReportedFinding): string {
  const { file, symbol, ruleId, category } = f.finding;
  return symbol ? `${file}#${symbol}` : `${file}@${ruleId ?? category}`;
}

export function clusterFindings(findings: ReportedFinding[]): FindingGroup[] {
  const groups = new Map<string, ReportedFinding[]>();
  const sorted = [...findings].sort((a, b) => compareText(a.finding.file, b.finding.file) || a.finding.startLine - b.finding.startLine || compareText(a.finding.id, b.finding.id));
  for (const f of sorted) {
    const key = keyOf(f);
    groups.set(key, [...(groups.get(key) ?? []), f]);
  }
  return [...groups].map(([key, list]) => ({ key, findings: list }));
}

/** Every file a group's evidence cites, primary (the first finding's) file first. */
export function groupFiles(group: FindingGroup): string[] {
  const files = new Set<string>([group.findings[0]!.finding.file]);
  for (const f of group.findings) {
    files.add(f.finding.file);
    for (const e of f.finding.evidence) files.add(e.file);
  }
  return [...files];
}
