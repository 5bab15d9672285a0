// report.md's leads section, rendered from scan-report.json's leads: each other analyser's result with what
// became of it. Tool names, rules and reasons come from an untrusted SARIF file: every cell is escaped.
import type { ScanReport } from '../../artifacts/schemas/scan-report.ts';
import { cell, location, oneLine, plural } from './text.ts';

export function leadsSection(report: ScanReport): string[] {
  const leads = report.leads;
  if (!leads) return [];
  const out = [
    `## Leads from other analysers (${plural(leads.length, 'lead')})`,
    '',
    "Another tool's result is never reported on its word alone: it corroborates one of the engine's own findings, or is checked as a candidate of its own.",
    '',
  ];
  if (leads.length === 0) return [...out, 'None: the SARIF files held no results.', ''];
  out.push('| Tool | Rule | Where | Outcome | Finding | Why |', '|---|---|---|---|---|---|');
  for (const l of leads) {
    const where = l.file ? location(l.file, l.startLine ?? 1, l.startLine ?? 1) : '—';
    const outcome = l.verdict ? `${l.outcome}: ${l.verdict}` : l.outcome;
    out.push(`| ${cell(l.tool)} | ${cell(l.ruleId)} | ${cell(where)} | ${outcome} | ${l.findingId ?? '—'} | ${cell(oneLine(l.reason, 240))} |`);
  }
  out.push('');
  return out;
}
