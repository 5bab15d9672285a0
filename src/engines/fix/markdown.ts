// The "Fixes" section of report.md, rendered from fix-report.json only. Pure. The fixer phase appends it to
// report.md (replacing an older section), so src/engines/report/ stays untouched.
import type { FixReport } from '../../artifacts/schemas/fix.ts';

export const FIXES_HEADING = '## Fixes';

export function renderFixesSection(report: FixReport): string {
  const lines = [FIXES_HEADING, ''];
  const count = (s: string) => report.fixes.filter((f) => f.status === s).length;
  lines.push(
    `Base commit \`${report.baseCommit.slice(0, 12)}\`. ${count('fixed-proven')} fixed with proof, ${count('fixed-unproven')} fixed without proof, ` +
      `${count('rolled-back')} rolled back, ${count('manual-review')} for manual review, ${count('skipped')} skipped.`,
    '',
  );
  lines.push(report.branch ? `Proven fixes are committed on the new branch \`${report.branch}\`; your current branch was not changed.` : 'Nothing was committed (no --auto-commit, or nothing proven); your working tree was not changed.', '');
  if (report.halted) lines.push(`**Halted:** ${report.halted}.`, '');
  if (report.leftWorktrees.length > 0) lines.push('**Worktrees left in place** (their safe removal could not be proven):', ...report.leftWorktrees.map((w) => `- \`${w}\``), '');
  if (report.fixes.length > 0) {
    lines.push('| finding | status | attempts | last reason |', '|---|---|---|---|');
    for (const f of report.fixes) {
      const last = f.attempts[f.attempts.length - 1]?.reason ?? '';
      lines.push(`| ${f.findingId} | ${f.status} | ${f.attempts.length} | ${cell(last)} |`);
    }
    lines.push('');
  }
  for (const f of report.fixes.filter((x) => x.patch)) lines.push(`### ${f.findingId} (${f.status})`, '', '```diff', f.patch.trimEnd(), '```', '');
  return `${lines.join('\n')}`;
}

/** report.md with its fixes section replaced (or appended). */
export function withFixesSection(markdown: string, section: string): string {
  const at = markdown.indexOf(`\n${FIXES_HEADING}\n`);
  const head = at >= 0 ? markdown.slice(0, at + 1) : markdown.endsWith('\n') ? markdown : `${markdown}\n`;
  return `${head}\n${section}`.replace(/\n{3,}/g, '\n\n');
}

function cell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\s+/g, ' ').slice(0, 200);
}
