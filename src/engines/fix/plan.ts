// The deterministic fix plan: scan report → fix strategy (clusters + classes) → fix plan (canary, waves, lists,
// gates) → fixer scope (only executable entries, bound to repo root and base commit). Pure: no disk, no git.
import type { RunIdentity } from '../../artifacts/schemas/common.ts';
import type { FixCluster, FixerScope, FixPlan, FixStrategy, Gates, ScopeEntry } from '../../artifacts/schemas/fix.ts';
import type { ScanReport } from '../../artifacts/schemas/scan-report.ts';
import { clusterFindings, fixCandidates, groupFiles, type FindingGroup } from './cluster.ts';
import { classifyGroup, riskScore } from './classify.ts';
import { topologicalWaves } from './waves.ts';
import { compareText } from '../../foundations/text/compare.ts';

export const DEFAULT_GATES: Gates = { maxFiles: 15, maxChangedLines: 500, maxNetDeletions: 15, maxGrossDeletions: 40 };
export const CANARY_SIZE = 2;
export const SCOPE_MARGIN_LINES = 3;

type Body<T> = Omit<T, 'schemaVersion' | 'artifact' | 'run' | 'generatedAt'>;

export interface FixPlanning {
  strategy: Body<FixStrategy>;
  plan: Body<FixPlan>;
  /** Null when nothing is executable. */
  scope: Body<FixerScope> | null;
  groups: Map<string, FindingGroup>;
}

const TIER_RANK = ['T1', 'T2', 'T3'];

export function planFixes(report: ScanReport, identity: RunIdentity & { baseCommit: string }): FixPlanning {
  const groups = new Map<string, FindingGroup>();
  const clusters: FixCluster[] = clusterFindings(fixCandidates(report.findings)).map((group, i) => {
    const id = `C${i + 1}`;
    groups.set(id, group);
    const { classification, reasons } = classifyGroup(group);
    const tiers = group.findings.map((f) => f.tier).sort((a, b) => TIER_RANK.indexOf(a) - TIER_RANK.indexOf(b));
    const symbol = group.findings[0]!.finding.symbol;
    return {
      id,
      findingIds: group.findings.map((f) => f.finding.id),
      files: groupFiles(group),
      ...(symbol ? { symbol } : {}),
      severity: group.findings[0]!.severity,
      tier: tiers[0]!,
      classification,
      reasons,
      dependsOn: [],
    };
  });
  // A cluster whose evidence reaches into another cluster's primary file must wait for that cluster's fix.
  for (const c of clusters) {
    c.dependsOn = clusters.filter((o) => o.id !== c.id && o.files[0] !== c.files[0] && c.files.includes(o.files[0]!)).map((o) => o.id);
  }
  const safe = clusters.filter((c) => c.classification === 'safe-autofix');
  const { waves, cyclic } = topologicalWaves(safe);
  for (const id of cyclic) {
    const c = clusters.find((x) => x.id === id)!;
    c.classification = 'manual-review';
    c.reasons = [...c.reasons, `on or behind a dependency cycle (${c.dependsOn.join(', ')}): no safe order exists`];
  }
  const first = [...(waves[0] ?? [])].sort((a, b) => riskScore(groups.get(a)!) - riskScore(groups.get(b)!) || compareText(a, b));
  const canary = first.slice(0, CANARY_SIZE);
  const rollout = waves.map((w) => w.filter((id) => !canary.includes(id))).filter((w) => w.length > 0);
  const listOf = (...classes: string[]) => clusters.filter((c) => classes.includes(c.classification)).map((c) => c.id);
  const plan: Body<FixPlan> = {
    canary,
    waves: rollout,
    manualReview: listOf('manual-review', 'larger-refactor', 'architectural-remediation'),
    reportOnly: listOf('report-only'),
    gates: { ...DEFAULT_GATES },
  };
  const executable = [...canary, ...rollout.flat()];
  const scope: Body<FixerScope> | null =
    executable.length === 0
      ? null
      : { repoRoot: identity.repoRoot, baseCommit: identity.baseCommit, marginLines: SCOPE_MARGIN_LINES, entries: executable.map((id) => scopeEntry(id, groups.get(id)!, plan.gates)) };
  return { strategy: { clusters }, plan, scope, groups };
}

function scopeEntry(clusterId: string, group: FindingGroup, gates: Gates): ScopeEntry {
  const ranges = new Map<string, Array<[number, number]>>();
  const add = (file: string, start: number, end: number) => ranges.set(file, [...(ranges.get(file) ?? []), [start, Math.max(start, end)]]);
  for (const f of group.findings) {
    add(f.finding.file, f.finding.startLine, f.finding.endLine);
    for (const e of f.finding.evidence) add(e.file, e.startLine, e.endLine);
  }
  return {
    clusterId,
    bugIds: group.findings.map((f) => f.finding.id),
    files: [...ranges].map(([path, list]) => ({ path, ranges: mergeRanges(list).map(([start, end]) => ({ start, end })) })),
    gates: { ...gates },
  };
}

export function mergeRanges(list: Array<[number, number]>): Array<[number, number]> {
  const sorted = [...list].sort((a, b) => a[0] - b[0]);
  const out: Array<[number, number]> = [];
  for (const [s, e] of sorted) {
    const last = out[out.length - 1];
    if (last && s <= last[1] + 1) last[1] = Math.max(last[1], e);
    else out.push([s, e]);
  }
  return out;
}
