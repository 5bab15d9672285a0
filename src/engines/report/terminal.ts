// The terminal view of scan-report.json: a one-screen list and a full "show" of one finding.
// Colour only when asked (a TTY); plain text otherwise, so piped output stays greppable. Text from the scanned
// repository or a model has its secrets redacted and its control characters made visible first, so only our own
// colours reach the terminal.
import { severityLabel } from './rule-settings.ts';
import type { ReportedFinding, ScanReport } from '../../artifacts/schemas/scan-report.ts';
import { groupByStride, scoreLabel } from '../security/by-stride.ts';
import { isReported } from './findings.ts';
import { verdictOf } from './clean.ts';
import { printableDeep } from './printable.ts';
import { redactDeep } from './redact.ts';
import { location, oneLine, plural } from './text.ts';
import { HOST_RUN_WARNING } from '../repro/host-warning.ts';
import { copyNote } from '../findings/related.ts';

export interface Paint {
  bold(t: string): string;
  dim(t: string): string;
  red(t: string): string;
  yellow(t: string): string;
  green(t: string): string;
  cyan(t: string): string;
}

export function paint(colour: boolean): Paint {
  const sgr = (open: number, close: number) => (t: string) => (colour ? `\x1b[${open}m${t}\x1b[${close}m` : t);
  return { bold: sgr(1, 22), dim: sgr(2, 22), red: sgr(31, 39), yellow: sgr(33, 39), green: sgr(32, 39), cyan: sgr(36, 39) };
}

function severityPaint(p: Paint, f: ReportedFinding): string {
  const s = f.severity.padEnd(8);
  return f.severity === 'critical' || f.severity === 'high' ? p.red(s) : f.severity === 'medium' ? p.yellow(s) : s;
}

/** What `report list` shows: reported findings (T3 with showSuspected), then one summary line. */
export function renderList(stored: ScanReport, options: { colour: boolean; showSuspected: boolean }): string {
  const report = printableDeep(redactDeep(stored));
  const p = paint(options.colour);
  const shown = report.findings.filter((f) => isReported(f, options.showSuspected));
  const lines: string[] = [];
  for (const f of shown) {
    const where = location(f.finding.file, f.finding.startLine, f.finding.endLine);
    const verdict = f.verdict === 'confirmed' ? '' : ` ${p.dim(`(${f.verdict})`)}`;
    lines.push(`${p.bold(f.finding.id)}  ${f.tier}  ${severityPaint(p, f)} ${p.cyan(where)}  ${oneLine(f.finding.claim, 100)}${verdict}`);
  }
  if (shown.length === 0) lines.push(p.dim('No findings to show.'));
  const byStride = groupByStride(shown);
  if (byStride.length > 0) lines.push('', p.bold('Security findings by STRIDE'));
  for (const [stride, group] of byStride) lines.push(`  ${stride}: ${group.map((f) => `${f.finding.id} (${scoreLabel(f)}, ${f.security!.cwe})`).join(', ')}`);
  const hidden = report.findings.filter((f) => !f.suppressed && f.verdict !== 'dismissed' && !isReported(f, options.showSuspected)).length;
  const c = report.counts;
  lines.push(
    '',
    `${c.byVerdict.confirmed ?? 0} confirmed · ${c.byVerdict['manual-review'] ?? 0} manual-review · ${c.byVerdict.unreviewed ?? 0} unreviewed · ` +
      `${c.byVerdict.dismissed ?? 0} dismissed · ${c.suppressed} suppressed · coverage ${report.coverage.filesScanned}/${report.coverage.filesInScope}`,
  );
  if (hidden > 0) lines.push(p.dim(`${plural(hidden, 'suspected (T3) finding')} hidden; add --show-suspected.`));
  lines.push(...verdictLines(report, p));
  return `${lines.join('\n')}\n`;
}

/** The verdict (clean.ts's words) and what every suppression did: the same lines after `scan` and in `report list`. */
export function verdictLines(report: ScanReport, p: Paint = paint(false)): string[] {
  const v = verdictOf(report);
  const lines = [v.clean ? p.green(v.headline) : p.yellow(v.headline)];
  if (v.suppressed.length > 0) lines.push(`Suppressed: ${v.suppressed.length}`, ...v.suppressed.map((l) => `  ${l}`));
  if (v.notApplied.length > 0) lines.push(p.yellow(`Suppressions not applied (the finding is reported): ${v.notApplied.length}`), ...v.notApplied.map((l) => `  ${l}`));
  if (v.unused.length > 0) lines.push(p.yellow(`Unused suppressions (match no finding; remove them): ${v.unused.length}`), ...v.unused.map((l) => `  ${l}`));
  return lines;
}

/** What `report show <id>` shows: everything about one finding, including the reasoning trace. */
export function renderShow(stored: ReportedFinding, options: { colour: boolean }): string {
  const f = printableDeep(redactDeep(stored));
  const p = paint(options.colour);
  const x = f.finding;
  const lines = [
    `${p.bold(x.id)}  ${f.tier}  ${severityPaint(p, f).trim()}  ${f.verdict}${f.suppressed ? p.dim(' (suppressed)') : ''}`,
    `${p.cyan(location(x.file, x.startLine, x.endLine))}${x.symbol ? ` in ${x.symbol}` : ''}`,
    '',
    x.claim,
    '',
    `${p.bold('Trigger:')} ${x.runtimeTrigger}`,
    `${p.bold('Category:')} ${x.category}${x.cwe ? ` (${x.cwe})` : ''} · ${p.bold('Confidence:')} ${f.confidence.toFixed(2)} · ${p.bold('Found by:')} ${[x.engine, x.ruleId, x.lens, x.model].filter(Boolean).join(', ')}`,
    `${p.bold('Fingerprint:')} ${x.fingerprint}${f.firstSeenRun ? ` · first seen in run ${f.firstSeenRun}` : ''}`,
  ];
  if (f.security) {
    lines.push(`${p.bold('Security:')} ${f.security.cwe} · ${f.security.stride} · ${scoreLabel(f)} ${f.security.cvss.vector}${f.security.cvss.adjusted ? ` (referee adjusted from ${f.security.cvss.adjusted.from}: ${f.security.cvss.adjusted.reason})` : ''}`);
    for (const m of f.security.cvss.metrics) lines.push(`  ${m.metric}:${m.value} — ${m.reason}`);
  }
  if (f.severityOverride) lines.push(`${p.bold('Severity override:')} ${severityLabel(f)} (${f.severityOverride.source === 'repository' ? "the repository's config" : 'your setting'}; the CVSS band or the referee said ${f.severityOverride.from})`);
  if (f.suppressed) lines.push(`${p.bold('Suppressed:')} "${f.suppressed.reason}" — ${[f.suppressed.by, f.suppressed.where, f.suppressed.at].filter(Boolean).join(', ')}`);
  if (f.repro) lines.push(`${p.bold('Reproduction:')} ${f.repro.outcome} — ${f.repro.reason}${f.repro.command ? `\n  ${f.repro.command}` : ''}${f.repro.command && f.repro.dir ? `\n  (it ${HOST_RUN_WARNING})` : ''}`);
  if (f.verification?.length) lines.push(`${p.bold('Checks:')} ${f.verification.join('; ')}`);
  if (f.relatedLocations) {
    lines.push('', p.bold('Also in builds and bundles of this file (the same finding, reported once here)'));
    for (const r of f.relatedLocations) lines.push(`  ${p.cyan(location(r.file, r.startLine, r.endLine))}  ${copyNote(r)}`);
  }
  if (x.flow) {
    lines.push('', p.bold('Path (source to sink)'));
    x.flow.forEach((s, i) => lines.push(`  ${String(i + 1).padStart(2)}. ${p.cyan(`${s.file}:${s.line}`)}  ${s.note}`));
  }
  for (const e of x.evidence) {
    lines.push('', p.dim(location(e.file, e.startLine, e.endLine)));
    e.quote.replace(/\n+$/, '').split('\n').forEach((line, i) => lines.push(`${p.dim(String(e.startLine + i).padStart(5))} │ ${line}`));
  }
  lines.push('', p.bold('Reasoning trace'));
  for (const r of f.skepticReasoning) lines.push(`  skeptic ${r.seat} (${r.engine}): ${r.vote} — ${r.reason}`);
  lines.push(`  panel outcome: ${f.skepticOutcome}`);
  lines.push(`  referee${f.refereeEngine ? ` (${f.refereeEngine})` : ''}: ${f.verdict} — ${f.refereeReasoning}`);
  return `${lines.join('\n')}\n`;
}
