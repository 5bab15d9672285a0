// Pure per-finding join: hunter claim + skeptic votes + referee verdict + reproduction → one ReportedFinding
// (suppressions are marked afterwards, by src/engines/suppress/apply.ts).
// Only the referee decides; a finding it never judged is unreviewed. A security finding's severity is its CVSS band. Tier: T1 reproduced, T2 confirmed, T3 otherwise.
import type { Tier } from '../../artifacts/schemas/common.ts';
import { SEVERITY_ORDER } from '../../artifacts/schemas/common.ts';
import type { HunterFindings } from '../../artifacts/schemas/hunter-findings.ts';
import type { Referee, RefereeVerdict } from '../../artifacts/schemas/referee.ts';
import type { ReportedFinding } from '../../artifacts/schemas/scan-report.ts';
import type { Skeptic } from '../../artifacts/schemas/skeptic.ts';
import type { ThreatModel } from '../../artifacts/schemas/threat-model.ts';
import type { Reproductions } from '../../artifacts/schemas/reproductions.ts';
import type { VerificationReport } from '../../artifacts/schemas/verification-report.ts';
import { PhaseError } from '../../foundations/errors.ts';
import { classifyFinding } from '../security/classify.ts';
import { severityOfBand } from '../security/cvss.ts';
import { compareText } from '../../foundations/text/compare.ts';

export interface FindingSources {
  hunter: HunterFindings;
  skeptic: Skeptic;
  referee: Referee;
  verification?: VerificationReport;
  /** reproductions.json of this run, when the repro phase ran. */
  reproductions?: Reproductions;
  /** Where entries reach each file: the CVSS attack vector and privileges of security findings come from it. */
  threatModel?: ThreatModel;
}

/** Map by a key; a duplicate key is a broken artifact, not something to guess about. */
function indexBy<T>(items: readonly T[], key: (item: T) => string, what: string): Map<string, T> {
  const map = new Map<string, T>();
  for (const item of items) {
    const k = key(item);
    if (map.has(k)) throw new PhaseError(`${what} lists ${k} twice. Re-run the phase that wrote it.`);
    map.set(k, item);
  }
  return map;
}

export function joinFindings(sources: FindingSources): ReportedFinding[] {
  const { hunter, skeptic, referee, verification } = sources;
  const known = new Set(hunter.findings.map((f) => f.id));
  const verdicts = indexBy(referee.verdicts, (v) => v.findingId, 'referee.json');
  const reviews = indexBy(skeptic.reviews, (r) => r.findingId, 'skeptic.json');
  // A verdict about a finding the hunter never reported means the artifacts are from different runs.
  for (const id of [...verdicts.keys(), ...reviews.keys()]) {
    if (!known.has(id)) throw new PhaseError(`A verdict or review names ${id}, which hunter-findings.json does not contain. Re-run from 'bug-hunter phase skeptic'.`);
  }
  const reproductions = indexBy(sources.reproductions?.reproductions ?? [], (r) => r.findingId, 'reproductions.json');
  const joined = hunter.findings.map((finding) => {
    const verdict = verdicts.get(finding.id);
    const review = reviews.get(finding.id);
    const repro = reproductions.get(finding.id);
    const reported: ReportedFinding = {
      finding,
      verdict: verdict?.verdict ?? 'unreviewed',
      tier: tierOf(verdict, repro?.outcome),
      severity: verdict?.severity ?? finding.severity,
      confidence: verdict?.confidence ?? finding.confidence,
      skepticOutcome: review?.outcome ?? 'none',
      skepticReasoning: review?.refutations ?? [],
      refereeReasoning: verdict?.reasoning ?? 'The referee gave no verdict on this finding, so it is unreviewed.',
      reread: verdict?.reread ?? false,
    };
    if (verdict) reported.refereeEngine = verdict.engine;
    const security = classifyFinding(finding, sources.threatModel, verdict?.cvss);
    if (security) {
      reported.security = security;
      // One severity per finding: a computed CVSS score decides it (its band), over the hunter's and the referee's.
      reported.severity = severityOfBand(security.cvss.baseSeverity);
    }
    const checks = (verification?.checks ?? []).filter((c) => c.findingIds.includes(finding.id));
    if (checks.length > 0) reported.verification = checks.map((c) => `${c.name}: ${c.status}`);
    if (repro) {
      reported.repro = { outcome: repro.outcome, reason: repro.reason };
      if (repro.dir) reported.repro.dir = repro.dir;
      // The promoted reproduction's own run script first; else the check that bears on the finding.
      const command = checks.find((c) => c.status === 'FAIL') ?? checks[0];
      if (repro.command) reported.repro.command = repro.command;
      else if (command) reported.repro.command = command.argv.map(shellQuote).join(' ');
    }
    return reported;
  });
  return joined.sort(compareReported);
}

function tierOf(verdict: RefereeVerdict | undefined, repro: string | undefined): Tier {
  if (verdict?.verdict !== 'confirmed') return 'T3';
  if (repro === 'reproduced') return 'T1';
  // The referee may hold a confirmed finding at T3 (suspected) when its confidence is low.
  return verdict.tier === 'T3' ? 'T3' : 'T2';
}

const VERDICT_ORDER = ['confirmed', 'manual-review', 'unreviewed', 'dismissed'];
const TIER_ORDER = ['T1', 'T2', 'T3'];

/** Confirmed first, then by tier, severity, file and line: the order every view lists them in. */
export function compareReported(a: ReportedFinding, b: ReportedFinding): number {
  return (
    VERDICT_ORDER.indexOf(a.verdict) - VERDICT_ORDER.indexOf(b.verdict) ||
    TIER_ORDER.indexOf(a.tier) - TIER_ORDER.indexOf(b.tier) ||
    SEVERITY_ORDER.indexOf(a.severity) - SEVERITY_ORDER.indexOf(b.severity) ||
    compareText(a.finding.file, b.finding.file) ||
    a.finding.startLine - b.finding.startLine ||
    compareText(a.finding.id, b.finding.id)
  );
}

/** A finding the views show: not suppressed, and T3 only when suspected findings are asked for. */
export function isReported(f: ReportedFinding, showSuspected: boolean): boolean {
  return !f.suppressed && f.verdict !== 'dismissed' && (showSuspected || f.tier !== 'T3');
}

/** What a machine-read report lists: the reported findings, and every manual-review one (it waits for a person,
 * so it is listed for review even without --show-suspected). */
export function isListed(f: ReportedFinding, showSuspected: boolean): boolean {
  return isReported(f, showSuspected) || (isReported(f, true) && f.verdict === 'manual-review');
}

export function shellQuote(arg: string): string {
  return /^[\w@%+=:,./-]+$/.test(arg) ? arg : `'${arg.replace(/'/g, `'\\''`)}'`;
}
