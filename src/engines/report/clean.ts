// The one meaning of "Clean", decided here and nowhere else: every in-scope file was read by an engine in this run
// (coverage has no failed, unreviewed, unreadable or unsupported file), nothing is confirmed, unreviewed or waiting
// for a person, and every check the user asked for (--verify, --repro, --dep-scan) ran. Pure. The report phase
// stores its answer; every view (terminal, report.md, SARIF, PR comment) asks verdictOf, which asks decideClean again,
// so no view words its own rule. A clean verdict names what was suppressed and where each suppression came from.
import type { CheckRun, ReportedFinding, ScanReport, SuppressionNote } from '../../artifacts/schemas/scan-report.ts';
import { dependencyNotClean } from './dependencies.ts';
import { location, oneLine, plural } from './text.ts';

export interface CleanInputs {
  counts: ScanReport['counts'];
  chunks: ScanReport['chunks'];
  coverage: Pick<ScanReport['coverage'], 'filesInScope' | 'filesScanned' | 'complete'> & { notCovered?: readonly { status: string }[] };
  dependencies?: ScanReport['dependencies'] | undefined;
  /** The checks asked for; absent or empty when none was. */
  checks?: readonly CheckRun[] | undefined;
}

export interface CleanDecision {
  clean: boolean;
  /** Why not, one reason each; empty exactly when clean. */
  notClean: string[];
}

const FLAG: Record<CheckRun['check'], string> = { verify: '--verify', repro: '--repro', 'dep-scan': '--dep-scan' };

export function decideClean(inputs: CleanInputs): CleanDecision {
  const { counts, chunks, coverage } = inputs;
  const reasons: string[] = [];
  const v = counts.byVerdict;
  if (v.confirmed) reasons.push(plural(v.confirmed, 'confirmed finding'));
  if (v.unreviewed) reasons.push(`${plural(v.unreviewed, 'finding')} not reviewed`);
  if (v['manual-review']) reasons.push(`${plural(v['manual-review'], 'finding')} waiting for a person's decision`);
  if (chunks.failed) reasons.push(`${plural(chunks.failed, 'chunk')} failed`);
  if (chunks.unreviewed) reasons.push(`${plural(chunks.unreviewed, 'chunk')} not reviewed`);
  const gaps = (coverage.notCovered ?? []).filter((n) => n.status !== 'skipped');
  const missing = Math.max(coverage.filesInScope - coverage.filesScanned, gaps.length);
  if (missing > 0) reasons.push(`${missing} of ${plural(coverage.filesInScope, 'in-scope file')} not covered${byStatus(gaps)}`);
  else if (!coverage.complete) reasons.push('coverage is incomplete');
  if (coverage.filesInScope === 0) reasons.push('no in-scope source files were found, so nothing was checked');
  reasons.push(...dependencyNotClean(inputs.dependencies ?? undefined));
  for (const c of inputs.checks ?? []) if (!c.ran) reasons.push(`${FLAG[c.check]} was asked for but did not run: ${c.detail}`);
  return { clean: reasons.length === 0, notClean: reasons };
}

function byStatus(gaps: readonly { status: string }[]): string {
  if (gaps.length === 0) return '';
  const counts = new Map<string, number>();
  for (const g of gaps) counts.set(g.status, (counts.get(g.status) ?? 0) + 1);
  return ` (${[...counts].map(([status, n]) => `${n} ${status}`).join(', ')})`;
}

export interface Verdict extends CleanDecision {
  /** "Clean: …" or "Not clean: …", one line, the same words in every view. */
  headline: string;
  /** One line per suppressed finding: what it was and which suppression hid it, from where. */
  suppressed: string[];
  /** suppressions.json entries that match no finding: stale, to remove. */
  unused: string[];
  /** Suppressions set aside (--no-repo-suppressions, added by the change): the finding is reported. */
  notApplied: string[];
}

const SOURCE_NAME: Record<NonNullable<NonNullable<ReportedFinding['suppressed']>['source']>, string> = {
  dismissal: "a dismissal on this machine ('bug-hunter dismiss', not committed)",
  repository: "the repository's committed",
  inline: 'an inline comment',
};

/** The verdict of a stored report, decided again from its own fields by decideClean. */
export function verdictOf(report: ScanReport): Verdict {
  const decision = decideClean({ counts: report.counts, chunks: report.chunks, coverage: report.coverage, dependencies: report.dependencies, checks: report.checks });
  const ran = (report.checks ?? []).filter((c) => c.ran).map((c) => FLAG[c.check]);
  const suppressedCount = report.counts.suppressed;
  const headline = decision.clean
    ? `Clean: every in-scope file (${report.coverage.filesInScope}) was read in this run; nothing confirmed, unreviewed or waiting for review` +
      `${ran.length ? `; ${ran.join(', ')} ran` : ''}${suppressedCount ? `; ${plural(suppressedCount, 'finding')} suppressed (listed below)` : ''}.`
    : `Not clean: ${decision.notClean.join('; ')}.`;
  return {
    ...decision,
    headline,
    suppressed: report.findings.filter((f) => f.suppressed).map(suppressedLine),
    unused: (report.suppressions?.unused ?? []).map(noteLine),
    notApplied: (report.suppressions?.notApplied ?? []).map((n) => `${n.findingId ?? ''} ${noteLine(n)} — not applied: ${n.why ?? ''}`.trim()),
  };
}

function suppressedLine(f: ReportedFinding): string {
  const s = f.suppressed!;
  const from = s.source === 'inline' ? `${SOURCE_NAME.inline} at ${s.where ?? f.finding.file}` : `${SOURCE_NAME[s.source ?? 'dismissal']} ${s.where ?? '.bug-hunter/suppressions.json'}`;
  const who = s.source === 'inline' ? '' : ` by ${s.by}${s.at ? ` on ${s.at.slice(0, 10)}` : ''}`;
  return `${f.finding.id} ${location(f.finding.file, f.finding.startLine, f.finding.endLine)} (${f.verdict}, ${f.severity}) — suppressed by ${from}${who}: "${oneLine(s.reason, 200)}"`;
}

function noteLine(n: SuppressionNote): string {
  const what = n.fingerprint ? `fingerprint ${n.fingerprint}` : `comment${n.ruleId ? ` bug-hunter-ignore ${n.ruleId}` : ''}`;
  return `${what} in ${n.where} (${n.source}): "${oneLine(n.reason, 160)}"`;
}
