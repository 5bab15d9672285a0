// Inline bug-hunter-ignore comments that hid nothing, like ESLint's --report-unused-disable-directives: pure.
// Triage records each file's reasoned comments (triage.json `ignores`); a comment is used when a finding of its
// rule starts where the comment reaches (its line and the next, its block, its file: static/suppress.ts), whether it was applied
// or set aside (--no-repo-suppressions, added by the change): a set-aside comment is reported as not applied.
import type { ReportedFinding, SuppressionNote } from '../../artifacts/schemas/scan-report.ts';
import type { TriagedFile } from '../../artifacts/schemas/triage.ts';
import { covers } from '../static/suppress.ts';

/** The comments of the `scanned` files that no finding's rule and line match, as unused notes in file and line order. */
export function unusedInlineComments(files: readonly Pick<TriagedFile, 'path' | 'ignores'>[], scanned: ReadonlySet<string>, findings: readonly ReportedFinding[]): SuppressionNote[] {
  const byFileRule = new Map<string, number[]>();
  for (const f of findings) {
    const key = `${f.finding.file}\0${f.finding.ruleId ?? ''}`;
    byFileRule.set(key, [...(byFileRule.get(key) ?? []), f.finding.startLine]);
  }
  const used = (path: string, c: NonNullable<TriagedFile['ignores']>[number]) => (byFileRule.get(`${path}\0${c.ruleId}`) ?? []).some((line) => covers(c, line));
  return files
    .filter((file) => scanned.has(file.path))
    .flatMap((file) => (file.ignores ?? [])
      .filter((c) => !used(file.path, c))
      .map((c): SuppressionNote => ({ source: 'inline', where: `${file.path}:${c.line}`, reason: c.reason, ruleId: c.ruleId })))
    .sort((a, b) => (a.where < b.where ? -1 : a.where > b.where ? 1 : 0));
}
