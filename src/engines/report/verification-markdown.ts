// report.md's Verification section, from scan-report.json's requested checks (checks.ts): each check asked for
// (--verify, --repro, --dep-scan) with whether it ran, then one line per command (its status, the failing tests or
// why it could not run) and per reproduction. Text from the repository or the sandbox is escaped. Pure.
import type { ScanReport } from '../../artifacts/schemas/scan-report.ts';
import type { SarifResultLevel } from '../../artifacts/schemas/literals.ts';
import { inlineCode, mdLine, oneLine } from './text.ts';

const NAME = { verify: 'Verification (--verify)', repro: 'Reproduction (--repro)', 'dep-scan': 'Dependency scan (--dep-scan)' } as const;

export function verificationSection(report: ScanReport): string[] {
  const checks = report.checks ?? [];
  if (checks.length === 0) return [];
  const out = ['## Verification', ''];
  for (const c of checks) {
    out.push(`- **${NAME[c.check]}**: ${c.ran ? 'ran' : '**could not run**'} — ${mdLine(oneLine(c.detail, 400))}`);
    for (const item of c.items ?? []) {
      const command = item.command ? ` ${inlineCode(oneLine(item.command, 200))}` : '';
      out.push(`  - ${inlineCode(item.name)}${command}: **${mdLine(item.status)}** — ${mdLine(oneLine(item.detail, 400))}`);
    }
  }
  out.push('');
  return out;
}

/** The same, one plain line per check and item, for the terminal summary and SARIF notifications. */
export function verificationLines(report: ScanReport): Array<{ level: SarifResultLevel; text: string }> {
  const lines: Array<{ level: SarifResultLevel; text: string }> = [];
  for (const c of report.checks ?? []) {
    lines.push({ level: c.ran ? 'note' : 'error', text: `${c.check}: ${c.ran ? 'ran' : 'could not run'} — ${oneLine(c.detail, 400)}` });
    for (const item of c.items ?? []) {
      const bad = item.status === 'FAIL' || item.status === 'UNAVAILABLE' || item.status === 'ERROR' || item.status === 'TIMEOUT';
      lines.push({ level: bad ? 'warning' : 'note', text: `${c.check} ${item.name}${item.command ? ` (${oneLine(item.command, 200)})` : ''}: ${item.status} — ${oneLine(item.detail, 400)}` });
    }
  }
  return lines;
}
