// One finding as a pull-request comment: claim, evidence at its lines, the reasoning that confirmed it. Every piece
// of text from the repository or a model is escaped (no Markdown, HTML, @mentions or #links survive), as in issues.
import type { ReportedFinding } from '../../artifacts/schemas/scan-report.ts';
import { markerLine } from '../publish/body.ts';
import { ghFence, ghLine, ghText } from '../publish/escape.ts';
import { inlineCode, languageOf, location, numberedQuote, oneLine } from '../report/text.ts';

const TIER_NAME = { T1: 'T1 reproduced', T2: 'T2 verified', T3: 'T3 suspected' } as const;

/** `flag`: extra arguments for the suggested command (` --out <dir>` when the run used one). */
export function findingComment(f: ReportedFinding, flag = ''): string {
  const x = f.finding;
  const out = [
    markerLine(x.fingerprint),
    `**[${f.severity}] ${ghText(x.claim)}**`,
    '',
    `**Trigger:** ${ghLine(x.runtimeTrigger)}`,
    '',
    '**Evidence**',
    '',
  ];
  for (const e of x.evidence) out.push(inlineCode(location(e.file, e.startLine, e.endLine)), '', ghFence(numberedQuote(e), languageOf(e.file)), '');
  out.push('**Reasoning**', '');
  if (f.skepticReasoning.length === 0) out.push(`- skeptic panel: ${f.skepticOutcome === 'none' ? 'did not see this finding' : f.skepticOutcome}`);
  for (const r of f.skepticReasoning) out.push(`- skeptic ${ghLine(r.seat)} (${ghLine(r.engine)}): **${r.vote}** — ${ghLine(r.reason)}`);
  out.push(`- referee${f.refereeEngine ? ` (${ghLine(f.refereeEngine)})` : ''}: **${f.verdict}** — ${ghLine(f.refereeReasoning)}`, '');
  out.push(`<sub>${x.id} · ${TIER_NAME[f.tier]} · ${x.category}${x.cwe ? ` (${ghLine(x.cwe)})` : ''} · confidence ${f.confidence.toFixed(2)} · not a bug? ${inlineCode(`bug-hunter dismiss ${x.id}${flag} --reason "…"`)}</sub>`);
  return `${out.join('\n').trimEnd()}\n`;
}

/** One line for a list: severity, location, claim, id. */
export function findingItem(f: ReportedFinding): string {
  const x = f.finding;
  return `- **${f.severity}** ${inlineCode(location(x.file, x.startLine, x.endLine))} — ${ghLine(oneLine(x.claim, 200))} (${x.id})`;
}
