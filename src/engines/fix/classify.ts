// Classifies one cluster: which of safe-autofix / manual-review / larger-refactor / architectural-remediation /
// report-only it is, and why. Pure. Only safe-autofix is ever executed by a fixer.
import type { FixClass } from '../../artifacts/schemas/fix.ts';
import type { ReportedFinding } from '../../artifacts/schemas/scan-report.ts';
import type { FindingGroup } from './cluster.ts';
import { groupFiles } from './cluster.ts';

export const MAX_SAFE_FILES = 3;
const ARCHITECTURAL = new Set(['concurrency', 'cross-file', 'api-contract']);
const SECURITY = new Set(['injection', 'path-traversal', 'prototype-pollution', 'redos', 'secrets']);

export interface Classification {
  classification: FixClass;
  reasons: string[];
}

export function classifyGroup(group: FindingGroup): Classification {
  const files = groupFiles(group);
  const ids = group.findings.map((f) => f.finding.id).join(', ');
  const weak = group.findings.filter((f) => f.tier === 'T3' || f.verdict !== 'confirmed');
  if (weak.length > 0) {
    return { classification: 'report-only', reasons: weak.map((f) => `${f.finding.id} is ${f.verdict === 'confirmed' ? 'T3 (suspected)' : `verdict ${f.verdict}`}: not confirmed enough to change code`) };
  }
  if (files.length > MAX_SAFE_FILES) {
    return { classification: 'larger-refactor', reasons: [`evidence spans ${files.length} files (> ${MAX_SAFE_FILES}): too wide for a scoped edit`] };
  }
  const arch = group.findings.filter((f) => ARCHITECTURAL.has(f.finding.category));
  if (arch.length > 0) {
    return { classification: 'architectural-remediation', reasons: arch.map((f) => `${f.finding.id} is a ${f.finding.category} defect: the fix is a design change, not a local edit`) };
  }
  if (files.length > 1 && group.findings.length > 1) {
    return { classification: 'manual-review', reasons: [`${group.findings.length} findings across ${files.length} files: a person should decide the shape of the fix`] };
  }
  const lowConfidence = group.findings.filter((f) => f.confidence < 0.6);
  if (lowConfidence.length > 0) {
    return { classification: 'manual-review', reasons: lowConfidence.map((f) => `${f.finding.id} has confidence ${f.confidence} (< 0.6)`) };
  }
  return { classification: 'safe-autofix', reasons: [safeReason(group.findings, files.length, ids)] };
}

function safeReason(findings: ReportedFinding[], fileCount: number, ids: string): string {
  const security = findings.some((f) => SECURITY.has(f.finding.category));
  const tiers = [...new Set(findings.map((f) => f.tier))].join('/');
  return `${security ? 'security ' : ''}${tiers} finding${findings.length > 1 ? 's' : ''} ${ids}, ${fileCount === 1 ? 'single site' : `${fileCount} files`}: a scoped edit can fix it`;
}

/** Lower is safer: fewer files, fewer findings, a reproduced (T1) finding, higher confidence. */
export function riskScore(group: FindingGroup): number {
  const t1 = group.findings.every((f) => f.tier === 'T1') ? 0 : 1;
  const minConfidence = Math.min(...group.findings.map((f) => f.confidence));
  return groupFiles(group).length * 10 + group.findings.length * 3 + t1 * 2 + (1 - minConfidence);
}
