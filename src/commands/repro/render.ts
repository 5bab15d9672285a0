// repro-report.json as the terminal shows it: the verdict in plain words, where the bug was located, the rule the
// proof was held to, every attempt with its reason, and how to re-run a proof. Text from the target, the reporter or
// the model is made printable first.
import type { ReproReport } from '../../artifacts/schemas/repro-report.ts';
import { printable } from '../../engines/report/printable.ts';
import { HOST_RUN_WARNING } from '../../engines/repro/host-warning.ts';

const HEADLINE: Record<ReproReport['verdict'], string> = {
  reproduced: 'Reproduced',
  'not-reproduced': 'Not reproduced',
  unknown: 'Could not check',
};

export function renderReproReport(report: ReproReport): string {
  const lines = [`${HEADLINE[report.verdict]}: ${report.reason}`];
  const at = report.location;
  lines.push(at ? `  located: ${at.file}:${at.line}${at.symbol ? ` (${at.symbol})` : ''} by ${at.how}` : '  located: nowhere in the target');
  const sig = report.signature;
  lines.push(
    sig.kind === 'marker'
      ? "  proof rule: the failing assertion prints the run's marker (words-only report)"
      : `  proof rule: ${sig.errorType ?? 'an error'}${sig.thrownInFunction ? ` thrown from ${sig.thrownInFunction}` : ''}${sig.thrownIn ? ` in ${sig.thrownIn}` : ''}${sig.messageFragment ? `, message containing "${sig.messageFragment}"` : ''}`,
  );
  for (const a of report.attempts) lines.push(`  attempt ${a.attempt}${a.testPath ? ` (${a.testPath})` : ''}: ${a.outcome} — ${a.reason}`);
  if (report.attempts.length === 0) lines.push('  attempts: none');
  if (report.repro) lines.push(`  re-run the proof: ${report.repro.command}`, `  (it ${HOST_RUN_WARNING})`, `  finding ${report.finding?.id ?? ''} (origin ${report.finding?.origin ?? ''}), tier T1`);
  else if (report.verdict !== 'reproduced') lines.push('  no fix was attempted.');
  if (report.fix) lines.push(`  fix: ${report.fix.status}${report.fix.branch ? ` on branch ${report.fix.branch}` : ''} — attempts and proof in ${report.fix.dir}fix-report.json`);
  return `${printable(lines.join('\n'))}\n`;
}
