// report.md, rendered from scan-report.json only: summary table first, then confirmed findings by severity with
// code excerpts and the reasoning trace, then what needs a person, what was not covered, dismissed and suppressed.
import { settingsLines, severityLabel } from './rule-settings.ts';
import { SEVERITY_ORDER } from '../../artifacts/schemas/common.ts';
import { baselineNote, diffNote } from './diff-marks.ts';
import type { ReportedFinding, ScanReport } from '../../artifacts/schemas/scan-report.ts';
import { groupByStride, scoreLabel } from '../security/by-stride.ts';
import { TOOL_NAME } from '../../foundations/version.ts';
import { isReported } from './findings.ts';
import { verdictOf, type Verdict } from './clean.ts';
import { dependencySection, dependencySummary } from './dependency-markdown.ts';
import { leadsSection } from './leads-markdown.ts';
import { verificationSection } from './verification-markdown.ts';
import { printableDeep } from './printable.ts';
import { redactDeep } from './redact.ts';
import { cell, fence, inlineCode, languageOf, location, mdLine, mdText, numberedQuote, oneLine, plural } from './text.ts';
import { compareText } from '../../foundations/text/compare.ts';
import { HOST_RUN_WARNING } from '../repro/host-warning.ts';
import { copyNote } from '../findings/related.ts';

const TIER_NAME = { T1: 'T1 reproduced', T2: 'T2 verified', T3: 'T3 suspected' } as const;
const MAX_ROWS = 200;

export function renderMarkdown(stored: ScanReport): string {
  // Claims, reasons and paths come from the repository or a model: secrets redacted (as on report.html), control
  // characters shown, Markdown and HTML escaped.
  const report = printableDeep(redactDeep(stored));
  const live = report.findings.filter((f) => !f.suppressed);
  const confirmed = live.filter((f) => f.verdict === 'confirmed');
  const shownConfirmed = confirmed.filter((f) => report.options.showSuspected || f.tier !== 'T3');
  const out: string[] = [`# ${TOOL_NAME} report`, '', verdictLine(report), '', ...summaryTable(report), ''];

  strideSection(out, report);
  out.push(...verificationSection(report));
  out.push('## Confirmed findings', '');
  if (shownConfirmed.length === 0) out.push(confirmed.length ? 'None shown.' : 'None.', '');
  for (const severity of SEVERITY_ORDER) {
    const group = shownConfirmed.filter((f) => f.severity === severity);
    if (group.length === 0) continue;
    out.push(`### ${severity[0]!.toUpperCase()}${severity.slice(1)} (${group.length})`, '');
    for (const f of group) out.push(...findingSection(f, report));
  }
  const hiddenT3 = confirmed.length - shownConfirmed.length;
  if (hiddenT3 > 0) out.push(`${plural(hiddenT3, 'confirmed finding')} held at T3 (suspected) ${hiddenT3 === 1 ? 'is' : 'are'} hidden; pass --show-suspected to see ${hiddenT3 === 1 ? 'it' : 'them'}.`, '');

  out.push(...dependencySection(report));
  out.push(...leadsSection(report));
  pendingSection(out, report, live.filter((f) => f.verdict === 'manual-review'), "## Waiting for a person's decision (manual-review)");
  pendingSection(out, report, live.filter((f) => f.verdict === 'unreviewed'), '## Unreviewed findings (review did not finish)');
  notCoveredSection(out, report);

  const dismissed = live.filter((f) => f.verdict === 'dismissed');
  if (dismissed.length > 0) {
    out.push(`## Dismissed by review (${dismissed.length})`, '');
    for (const f of dismissed) out.push(`- ${f.finding.id} ${inlineCode(location(f.finding.file, f.finding.startLine, f.finding.endLine))} — ${mdLine(oneLine(f.finding.claim, 160))} — ${mdLine(oneLine(f.refereeReasoning, 240))}`);
    out.push('');
  }
  suppressionSections(out, verdictOf(report));
  const settings = settingsLines(report.settings);
  if (settings.length > 0) out.push('## Settings (rules, include, exclude, maxFileBytes)', '', ...settings.map((l) => `- ${mdLine(l)}`), '');
  return `${out.join('\n').replace(/\n{3,}/g, '\n\n').trimEnd()}\n`;
}

function verdictLine(report: ScanReport): string {
  const v = verdictOf(report);
  if (v.clean) return `**Result: clean** — ${mdLine(v.headline.replace(/^Clean: /, ''))}`;
  return `**Result: NOT CLEAN** — ${mdLine(v.notClean.join('; ')) || `run ${report.status}`}.`;
}

/** What each suppression did: what it hid and where it came from, what it was not allowed to hide, what it matches nothing. */
function suppressionSections(out: string[], v: Verdict): void {
  const section = (title: string, lines: string[], note: string) => {
    if (lines.length === 0) return;
    out.push(`## ${title} (${lines.length})`, '', note, '', ...lines.map((l) => `- ${mdLine(l)}`), '');
  };
  section('Suppressed', v.suppressed, 'Hidden from the findings above, shown in report.sarif with `suppressions[]`. Reverse a dismissal with `bug-hunter undismiss <fingerprint>`.');
  section('Suppressions not applied', v.notApplied, 'These match a finding, which is reported anyway.');
  section('Unused suppressions', v.unused, 'These match no finding of this run: remove them from `.bug-hunter/suppressions.json` (`bug-hunter undismiss <fingerprint>`), or delete the inline `bug-hunter-ignore` comment.');
}

function summaryTable(r: ScanReport): string[] {
  const byTier = ['T1', 'T2', 'T3'].map((t) => `${t} ${r.findings.filter((f) => !f.suppressed && f.verdict === 'confirmed' && f.tier === t).length}`).join(', ');
  const bySeverity = SEVERITY_ORDER.filter((s) => r.counts.bySeverity[s]).map((s) => `${s} ${r.counts.bySeverity[s]}`).join(', ') || '—';
  const byCategory = Object.entries(r.counts.byCategory).sort(([a], [b]) => compareText(a, b)).map(([k, v]) => `${k} ${v}`).join(', ') || '—';
  const cov = r.coverage;
  const rows: [string, string][] = [
    ['Run status', r.status],
    ['Confirmed', `${r.counts.byVerdict.confirmed ?? 0} (${byTier})`],
    ['Confirmed at or above --fail-on ' + r.options.failOn, String(r.counts.failing)],
    ['By severity', bySeverity],
    ['By category', byCategory],
    ["Waiting for a person's decision", String(r.counts.byVerdict['manual-review'] ?? 0)],
    ['Unreviewed findings', String(r.counts.byVerdict.unreviewed ?? 0)],
    ['Dismissed by review', String(r.counts.byVerdict.dismissed ?? 0)],
    ['Suppressed', String(r.counts.suppressed)],
    ['Coverage', `${cov.filesScanned}/${cov.filesInScope} in-scope files scanned${cov.complete ? '' : ' — INCOMPLETE'}`],
    ...(r.dependencies ? ([['Vulnerable dependencies', dependencySummary(r.dependencies, r.generatedAt)]] as [string, string][]) : []),
    ['Chunks', `${r.chunks.done} done, ${r.chunks.failed} failed, ${r.chunks.unreviewed} unreviewed, of ${r.chunks.total}`],
    ['Engines', r.engines.join(', ') || '—'],
    ['Models', r.models.join(', ') || '—'],
    ['Profile / mode', `${r.profile} / ${r.mode}`],
    ['Tokens', `${r.usage.inputTokens} in, ${r.usage.outputTokens} out ($${r.usage.costUsd.toFixed(2)})`],
    ['Duration', `${(r.durationMs / 1000).toFixed(1)} s`],
    ['Run', `${r.run.runId} · commit ${r.run.baseCommit?.slice(0, 12) ?? 'none (not git)'} · ${TOOL_NAME} ${r.run.toolVersion}`],
  ];
  const shard = shardNote(r);
  if (shard) rows.splice(1, 0, ['Shard', shard]);
  const diff = diffNote(r);
  const baseline = baselineNote(r);
  if (baseline) rows.splice(1, 0, ['Baseline', `${baseline} (pre-existing findings do not count for the exit code)`]);
  if (diff) rows.splice(1, 0, ['Diff scope', diff]);
  return ['| | |', '|---|---|', ...rows.map(([k, v]) => `| ${cell(k)} | ${cell(v)} |`)];
}

/** "shard 2/3: …" for a shard's report, "merged from shards …" for a merged one; null for an ordinary run. */
export function shardNote(r: Pick<ScanReport, 'shard' | 'mergedFrom'>): string | null {
  if (r.shard) return `shard ${r.shard.index}/${r.shard.count}: ${plural(r.shard.chunks.length, 'chunk')} of its own; the other shards cover the rest ('bug-hunter merge' joins them)`;
  if (r.mergedFrom) return `merged from ${plural(r.mergedFrom.length, 'shard')}: ${r.mergedFrom.map((m) => `${m.shard} (run ${m.runId}, ${plural(m.chunks, 'chunk')})`).join(', ')}`;
  return null;
}

function findingSection(f: ReportedFinding, report: ScanReport): string[] {
  const x = f.finding;
  const where = `${inlineCode(location(x.file, x.startLine, x.endLine))}${x.symbol ? ` in ${inlineCode(x.symbol)}` : ''}`;
  const source = [x.engine, x.ruleId && `rule ${x.ruleId}`, `lens ${x.lens}`, x.model].filter(Boolean).join(', ');
  const lines = [
    `#### ${x.id} — ${mdLine(oneLine(x.claim, 200))}`,
    '',
    `- **Where:** ${where}`,
    `- **Tier:** ${TIER_NAME[f.tier]} · **Severity:** ${mdLine(severityLabel(f))} · **Category:** ${mdLine(x.category)}${x.cwe ? ` (${mdLine(x.cwe)})` : ''} · **Confidence:** ${f.confidence.toFixed(2)}`,
    `- **Found by:** ${mdLine(source)}${x.corroboratedBy?.length ? `; also ${mdLine(x.corroboratedBy.join(', '))}` : ''}`,
    `- **Trigger:** ${mdLine(x.runtimeTrigger)}`,
    `- **Fingerprint:** ${x.fingerprint}${seenNote(f, report)}`,
  ];
  const change = [f.baseline === undefined ? '' : f.baseline ? 'pre-existing at the baseline' : 'new', f.inDiff === undefined ? '' : f.inDiff ? 'on a changed line' : 'not on a changed line'].filter(Boolean);
  if (change.length > 0) lines.push(`- **Change:** ${change.join(', ')}`);
  if (f.security) {
    const s = f.security;
    lines.push(`- **Security:** ${mdLine(s.cwe)} · ${s.stride} · ${scoreLabel(f)} ${inlineCode(s.cvss.vector)}${s.cvss.adjusted ? ` (adjusted by the referee from ${inlineCode(s.cvss.adjusted.from)}: ${mdLine(s.cvss.adjusted.reason)})` : ''}`);
    for (const m of s.cvss.metrics) lines.push(`  - ${m.metric}:${m.value} — ${mdLine(m.reason)}`);
  }
  if (f.tier === 'T1' && f.repro) {
    lines.push(`- **Reproduce:** ${f.repro.command ? inlineCode(f.repro.command) : 'no command recorded'}${f.repro.dir ? ` (test in ${inlineCode(f.repro.dir)})` : ''} — ${mdLine(f.repro.reason)}${f.repro.command && f.repro.dir ? `. **Warning:** the script ${HOST_RUN_WARNING}` : ''}`);
  } else if (f.repro) {
    lines.push(`- **Reproduction:** ${f.repro.outcome} — ${mdLine(f.repro.reason)}`);
  }
  if (f.verification?.length) lines.push(`- **Checks:** ${mdLine(f.verification.join('; '))}`);
  if (x.claim.includes('\n')) lines.push('', mdText(x.claim));
  lines.push('');
  for (const e of x.evidence) lines.push(`${inlineCode(location(e.file, e.startLine, e.endLine))}`, '', fence(numberedQuote(e), languageOf(e.file)), '');
  if (f.relatedLocations) lines.push('**Also in builds and bundles of this file** (the same finding, reported once here)', '', ...f.relatedLocations.map((r) => `- ${inlineCode(location(r.file, r.startLine, r.endLine))} (${copyNote(r)})`), '');
  if (x.flow) lines.push('**Path (source to sink)**', '', ...x.flow.map((s, i) => `${i + 1}. ${inlineCode(`${s.file}:${s.line}`)} — ${mdLine(s.note)}`), '');
  lines.push('**Reasoning trace**', '');
  if (f.skepticReasoning.length === 0) lines.push(`- skeptic panel: ${f.skepticOutcome === 'none' ? 'did not see this finding' : f.skepticOutcome}`);
  for (const r of f.skepticReasoning) lines.push(`- skeptic ${mdLine(r.seat)} (${mdLine(r.engine)}): **${r.vote}** — ${mdLine(r.reason)}`);
  if (f.skepticReasoning.length > 0) lines.push(`- panel outcome: ${f.skepticOutcome}`);
  lines.push(`- referee${f.refereeEngine ? ` (${f.refereeEngine}${f.reread ? ', re-read the source' : ''})` : ''}: **${f.verdict}** — ${mdLine(f.refereeReasoning)}`, '');
  return lines;
}

/** Reported security findings by STRIDE category, highest CVSS first; the details are in each finding's section. */
function strideSection(out: string[], report: ScanReport): void {
  const groups = groupByStride(report.findings.filter((f) => isReported(f, report.options.showSuspected)));
  if (groups.length === 0) return;
  out.push('## Security findings by STRIDE', '', '| STRIDE | finding | where | CWE | CVSS 3.1 | verdict |', '|---|---|---|---|---|---|');
  for (const [stride, group] of groups) {
    for (const f of group) {
      const where = location(f.finding.file, f.finding.startLine, f.finding.endLine);
      out.push(`| ${stride} | ${f.finding.id} | ${inlineCode(where).replace(/\|/g, '\\|')} | ${cell(f.security!.cwe)} | ${scoreLabel(f)} ${inlineCode(f.security!.cvss.vector)} | ${f.verdict} ${f.tier} |`);
    }
  }
  out.push('');
}

function seenNote(f: ReportedFinding, report: ScanReport): string {
  if (!f.firstSeenRun) return '';
  return f.firstSeenRun === report.run.runId ? ' (new in this run)' : ` (first seen in run ${f.firstSeenRun})`;
}

function pendingSection(out: string[], report: ScanReport, group: ReportedFinding[], title: string): void {
  if (group.length === 0) return;
  out.push(`${title} — ${group.length}`, '');
  if (report.options.showSuspected) {
    for (const f of group) out.push(...findingSection(f, report));
    return;
  }
  for (const f of group) {
    out.push(`- ${f.finding.id} [${f.severity}] ${inlineCode(location(f.finding.file, f.finding.startLine, f.finding.endLine))} — ${mdLine(oneLine(f.finding.claim, 160))} — ${mdLine(oneLine(f.refereeReasoning, 200))}`);
  }
  out.push('', 'Shown in brief: these are T3 (suspected). Pass --show-suspected for code excerpts and the full reasoning.', '');
}

function notCoveredSection(out: string[], report: ScanReport): void {
  const gaps = report.coverage.notCovered.filter((n) => n.status !== 'skipped');
  out.push('## Not covered', '');
  if (gaps.length === 0 && report.coverage.filesInScope > 0) out.push(`Every in-scope file (${report.coverage.filesInScope}) was scanned.`, '');
  if (report.coverage.filesInScope === 0) out.push('No in-scope source files were found; nothing was checked.', '');
  if (gaps.length > 0) {
    out.push(`${plural(gaps.length, 'in-scope file')} ${gaps.length === 1 ? 'was' : 'were'} not scanned:`, '', '| File | Status | Why |', '|---|---|---|');
    for (const g of gaps.slice(0, MAX_ROWS)) out.push(`| ${cell(g.path)} | ${g.status} | ${cell(g.reason)} |`);
    if (gaps.length > MAX_ROWS) out.push('', `…and ${gaps.length - MAX_ROWS} more; see coverage.json.`);
    out.push('');
  }
  const skipped = Object.entries(report.coverage.skippedCounts).filter(([, n]) => n > 0);
  if (skipped.length > 0) {
    out.push(`Left out of scope by triage: ${skipped.sort(([a], [b]) => compareText(a, b)).map(([k, n]) => `${k} ${n}`).join(', ')} (files listed in coverage.json).`, '');
  }
}
