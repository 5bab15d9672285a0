// The dependency scan inside the report: dep-findings.json joined into scan-report.json, what keeps the run
// from being clean, and which dependency findings fail the build. Pure. The rule: a vulnerable dependency
// fails the scan (exit 1) only when it is reachable (a call to its vulnerable function was found), ships in
// production (not dev-only) and its advisory is at or above --fail-on; every other one is listed, not counted.
import { SEVERITY_ORDER, type Severity } from '../../artifacts/schemas/common.ts';
import type { DepFinding, DepFindings } from '../../artifacts/schemas/dep-findings.ts';
import type { ScanReport } from '../../artifacts/schemas/scan-report.ts';
import { plural } from './text.ts';

export type DependencySection = NonNullable<ScanReport['dependencies']>;

export function failingDependencies(findings: readonly DepFinding[], failOn: Severity): DepFinding[] {
  const threshold = SEVERITY_ORDER.indexOf(failOn);
  return findings.filter((f) => f.reachability === 'reachable' && !f.dev && SEVERITY_ORDER.indexOf(f.severity) <= threshold);
}

export function joinDependencies(dep: DepFindings, failOn: Severity): DependencySection {
  const byReachability: Record<string, number> = {};
  for (const f of dep.findings) byReachability[f.reachability] = (byReachability[f.reachability] ?? 0) + 1;
  return {
    status: dep.status,
    notes: dep.notes,
    advisories: dep.advisories,
    lockfiles: dep.lockfiles,
    findings: dep.findings,
    counts: { byReachability, failing: failingDependencies(dep.findings, failOn).length },
  };
}

/** Why the dependency scan keeps the run from being clean; empty when it found nothing and missed nothing. */
export function dependencyNotClean(d: DependencySection | undefined): string[] {
  if (!d) return [];
  const out: string[] = [];
  if (d.findings.length > 0) out.push(`${plural(d.findings.length, 'vulnerable dependency finding')} (${d.counts.byReachability.reachable ?? 0} reachable)`);
  if (d.status === 'incomplete') out.push(`dependency scan incomplete: ${d.notes[0] ?? 'see dep-findings.json'}`);
  return out;
}

/** The exit-code view: what the dependency scan could not check, split as the exit rule needs it. */
export function dependencyGaps(d: DependencySection | undefined): { unreviewed: string[]; unsupported: string[] } {
  const unreviewed: string[] = [];
  const unsupported: string[] = [];
  if (!d) return { unreviewed, unsupported };
  if (!d.advisories.ok) unreviewed.push(`advisories not checked: ${d.advisories.reason ?? 'no source'}`);
  for (const l of d.lockfiles) {
    if (l.status === 'scanner-unsupported') unsupported.push(`${l.path} (${l.manager})`);
    if (l.status === 'unreviewed') unreviewed.push(`${l.path}: ${l.reason ?? 'not read'}`);
    if (l.unmatched > 0) unreviewed.push(`${l.path}: ${plural(l.unmatched, 'dependency version')} not semver, not checked`);
  }
  return { unreviewed, unsupported };
}
