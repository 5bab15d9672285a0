// Inline bug-hunter-ignore comments that hid nothing, like ESLint's --report-unused-disable-directives: pure.
// Triage records each file's reasoned comments (triage.json `ignores`); a comment is used when a finding of its
// rule starts on its line or the next one (the comment's own reach, static/suppress.ts), whether it was applied
// or set aside (--no-repo-suppressions, added by the change): a set-aside comment is reported as not applied.
import type { ReportedFinding, SuppressionNote } from '../../artifacts/schemas/scan-report.ts';
import type { TriagedFile } from '../../artifacts/schemas/triage.ts';

/** The comments of the `scanned` files that no finding's rule and line match, as unused notes in file and line order. */
export function unusedInlineComments(files: readonly Pick<TriagedFile, 'path' | 'ignores'>[], scanned: ReadonlySet<string>, findings: readonly ReportedFinding[]): SuppressionNote[] {
  const reached = new Set(findings.flatMap((f) => {
    const rule = f.finding.ruleId ?? '';
    return [`${f.finding.file}\0${f.finding.startLine}\0${rule}`, `${f.finding.file}\0${f.finding.startLine - 1}\0${rule}`];
  }));
  return files
    .filter((file) => scanned.has(file.path))
    .flatMap((file) => (file.ignores ?? [])
      .filter((c) => !reached.has(`${file.path}\0${c.line}\0${c.ruleId}`))
      .map((c): SuppressionNote => ({ source: 'inline', where: `${file.path}:${c.line}`, reason: c.reason, ruleId: c.ruleId })))
    .sort((a, b) => (a.where < b.where ? -1 : a.where > b.where ? 1 : 0));
}
