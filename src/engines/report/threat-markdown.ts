// threat-model.md, rendered from threat-model.json only: actors, assets, trust boundaries, a Mermaid data-flow
// diagram, then every flow with its STRIDE threats and mitigations. Repository text is escaped for Markdown and Mermaid.
import type { ThreatFlow, ThreatModel } from '../../artifacts/schemas/threat-model.ts';
import { cell, inlineCode, mdLine, plural } from './text.ts';

/** The application's node in the data-flow diagram. */
export const PROCESS = 'P0';

/** A Mermaid label: everything but plain letters, digits and a few separators becomes an entity, so no text can close
 * the quote, start a link, or inject markup or directives. */
export function mermaidText(text: string): string {
  return text.replace(/[^A-Za-z0-9 .,:/_()-]/g, (c) => `#${c.codePointAt(0)};`);
}

const STATUS_MARK: Record<string, string> = { seen: 'seen', absent: '**absent**', 'no-untrusted-input': 'no untrusted input' };

function edgeOf(f: ThreatFlow): [string, string] {
  if (f.to === 'process') return [f.from, PROCESS];
  if (!f.entry && f.from !== 'process') return [f.from, f.to];
  return [PROCESS, f.to];
}

/** One arrow of the data-flow diagram: the flows between two nodes across one boundary, and how many lack a mitigation. */
export interface DiagramEdge {
  from: string;
  to: string;
  boundary: string;
  count: number;
  open: number;
}

/** The diagram's arrows (drawn by threat-model.md's Mermaid and by the HTML page's SVG), in first-seen order. */
export function diagramEdges(model: ThreatModel): DiagramEdge[] {
  const edges = new Map<string, DiagramEdge>();
  for (const f of model.flows) {
    const [from, to] = edgeOf(f);
    const key = `${from}|${to}|${f.boundary}`;
    const e = edges.get(key) ?? { from, to, boundary: f.boundary, count: 0, open: 0 };
    e.count += 1;
    if (f.threats.some((t) => t.mitigation.status === 'absent')) e.open += 1;
    edges.set(key, e);
  }
  return [...edges.values()];
}

/** The words on an arrow: "TB1 HTTP requests: 3 flows, 1 unmitigated". */
export function edgeLabel(model: ThreatModel, e: DiagramEdge): string {
  const name = model.boundaries.find((b) => b.id === e.boundary)?.name ?? '';
  return `${e.boundary} ${name}: ${plural(e.count, 'flow')}${e.open ? `, ${e.open} unmitigated` : ''}`;
}

export function mermaidDiagram(model: ThreatModel): string {
  const out = ['flowchart LR'];
  for (const a of model.actors) out.push(`  ${a.id}(["${mermaidText(a.name)}"])`);
  out.push(`  ${PROCESS}["${mermaidText('Application')}"]`);
  for (const a of model.assets) out.push(`  ${a.id}[("${mermaidText(a.name)}")]`);
  for (const e of diagramEdges(model)) out.push(`  ${e.from} -->|"${mermaidText(edgeLabel(model, e))}"| ${e.to}`);
  return out.join('\n');
}

// Inside a table a pipe ends the cell even within a code span, unless escaped (GFM).
const codeCell = (text: string) => inlineCode(text).replace(/\|/g, '\\|');
const where = (at: { file: string; line: number }) => codeCell(`${at.file}:${at.line}`);

export function renderThreatModel(model: ThreatModel): string {
  const lines: string[] = ['# Threat model', ''];
  const open = model.flows.flatMap((f) => f.threats.filter((t) => t.mitigation.status === 'absent').map((t) => ({ f, t })));
  lines.push(
    `Built ${model.source === 'deterministic' ? 'deterministically from recon.json and the sources' : 'from recon.json, refined by a model'} for ${inlineCode(model.run.repoRoot)}` +
      `${model.run.baseCommit ? ` at ${inlineCode(model.run.baseCommit.slice(0, 12))}` : ''}: ${plural(model.boundaries.length, 'trust boundary', 'trust boundaries')}, ` +
      `${plural(model.flows.length, 'data flow')}, ${plural(open.length, 'threat')} with no mitigation seen. Patterns, not proof: a mitigation "seen" is a guard recognised in the same handler.`,
    '',
  );
  lines.push('## Actors', '', '| id | actor | trusted | description |', '|---|---|---|---|');
  for (const a of model.actors) lines.push(`| ${a.id} | ${cell(a.name)} | ${a.trusted ? 'yes' : 'no'} | ${cell(a.description)} |`);
  lines.push('', '## Assets', '', '| id | asset | kind | seen at |', '|---|---|---|---|');
  for (const a of model.assets) lines.push(`| ${a.id} | ${cell(a.name)} | ${a.kind} | ${a.evidence.map(where).join(', ')} |`);
  lines.push('', '## Trust boundaries', '', '| id | boundary | kind | crossings | first |', '|---|---|---|---|---|');
  for (const b of model.boundaries) lines.push(`| ${b.id} | ${cell(b.name)} | ${b.kind} | ${b.locations.length} | ${b.locations[0] ? where(b.locations[0]) : ''} |`);
  lines.push('', '## Data-flow diagram', '', '```mermaid', mermaidDiagram(model), '```', '');
  if (open.length > 0) {
    lines.push('## Threats with no mitigation seen', '', '| flow | STRIDE | where | entry | threat | what is missing |', '|---|---|---|---|---|---|');
    for (const { f, t } of open) lines.push(`| ${f.id} | ${t.stride} | ${where(t.mitigation.at ?? f.at)} | ${f.entry ? cell(f.entry.name) : ''} | ${cell(t.threat)} | ${cell(t.mitigation.detail)} |`);
    lines.push('');
  }
  for (const b of model.boundaries) {
    const flows = model.flows.filter((f) => f.boundary === b.id);
    if (flows.length === 0) continue;
    lines.push(`## ${b.id} ${mdLine(b.name)}`, '', '| flow | at | entry | auth | input | STRIDE | mitigation |', '|---|---|---|---|---|---|---|');
    for (const f of flows) {
      const threats = f.threats.map((t) => `${t.stride}: ${STATUS_MARK[t.mitigation.status]} — ${cell(t.mitigation.detail)}${t.mitigation.at ? ` (${where(t.mitigation.at)})` : ''}${t.refined ? ` _(${t.refined.change} by ${cell(t.refined.by)}: ${cell(t.refined.reason)})_` : ''}`).join('<br>');
      const entry = `${f.entry ? `${cell(f.entry.name)} (${where(f.entry)})` : ''}${f.addedBy ? ` _(flow added by ${cell(f.addedBy)})_` : ''}`;
      const auth = f.authentication.status === 'not-applicable' ? '' : f.authentication.status;
      lines.push(`| ${f.id} | ${where(f.at)} ${codeCell(f.at.detail)} | ${entry} | ${auth} | ${f.input.map((i) => codeCell(i)).join(', ')} | ${[...new Set(f.threats.map((t) => t.stride))].join(', ')} | ${threats} |`);
    }
    lines.push('');
  }
  if (model.notes.length > 0) lines.push('## Notes', '', ...model.notes.map((n) => `- ${mdLine(n)}`), '');
  return `${lines.join('\n').replace(/\n+$/, '')}\n`;
}
