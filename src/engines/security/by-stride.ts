// Security findings grouped by STRIDE category (in STRIDE order), highest CVSS base score first: the views list them so.
import type { ReportedFinding } from '../../artifacts/schemas/scan-report.ts';
import { STRIDE, type Stride } from '../../artifacts/schemas/threat-model.ts';

export function groupByStride(findings: readonly ReportedFinding[]): [Stride, ReportedFinding[]][] {
  const groups: [Stride, ReportedFinding[]][] = [];
  for (const stride of STRIDE) {
    const group = findings.filter((f) => f.security?.stride === stride).sort((a, b) => b.security!.cvss.baseScore - a.security!.cvss.baseScore);
    if (group.length > 0) groups.push([stride, group]);
  }
  return groups;
}

/** "CVSS 9.8 critical" — the score with its rating. */
export function scoreLabel(f: ReportedFinding): string {
  return f.security ? `CVSS ${f.security.cvss.baseScore.toFixed(1)} ${f.security.cvss.baseSeverity}` : '';
}
