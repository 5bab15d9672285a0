// The threat model's data-flow diagram drawn as inline SVG (no Mermaid, no script): actors in the left column, the
// application in the middle, assets on the right, one arrow per (from, to, boundary) with its flow count and how many
// flows lack a mitigation. Every label is repository text and goes through `html`; a table below lists the same arrows.
import type { ThreatModel } from '../../../artifacts/schemas/threat-model.ts';
import { diagramEdges, edgeLabel, PROCESS } from '../threat-markdown.ts';
import { html, type Html } from './escape.ts';

const NODE_W = 230;
const NODE_H = 44;
const GAP = 26;
const COL_GAP = 330;
const PAD = 20;
const MAX_LABEL = 28;

interface Node {
  id: string;
  name: string;
  kind: 'actor' | 'process' | 'asset';
  x: number;
  y: number;
}

const short = (text: string, max = MAX_LABEL) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

function column(items: readonly { id: string; name: string }[], kind: Node['kind'], x: number, height: number): Node[] {
  const total = items.length * NODE_H + Math.max(0, items.length - 1) * GAP;
  const top = PAD + (height - total) / 2;
  return items.map((item, i) => ({ id: item.id, name: item.name, kind, x, y: top + i * (NODE_H + GAP) }));
}

function nodeShape(n: Node): Html {
  const fill = n.kind === 'process' ? '#e3ecfa' : n.kind === 'actor' ? '#fdf1dc' : '#e7f4e4';
  const rx = n.kind === 'actor' ? NODE_H / 2 : n.kind === 'asset' ? 12 : 4;
  return html`<g class="node ${n.kind}"><title>${n.id} ${n.name}</title><rect x="${n.x}" y="${n.y}" width="${NODE_W}" height="${NODE_H}" rx="${rx}" fill="${fill}" stroke="#333" stroke-width="1.5"></rect><text x="${n.x + NODE_W / 2}" y="${n.y + NODE_H / 2 + 5}" text-anchor="middle" font-size="13" fill="#1a1a1a">${short(n.name, 32)}</text></g>`;
}

/** The diagram as an <svg> element with a title and a description, or null for a model with no flows. */
export function dataFlowSvg(model: ThreatModel): Html | null {
  const edges = diagramEdges(model);
  if (edges.length === 0) return null;
  const rows = Math.max(model.actors.length, model.assets.length, 1);
  const height = rows * NODE_H + (rows - 1) * GAP;
  const xs = [PAD, PAD + NODE_W + COL_GAP, PAD + 2 * (NODE_W + COL_GAP)];
  const nodes = [
    ...column(model.actors, 'actor', xs[0]!, height),
    ...column([{ id: PROCESS, name: 'Application' }], 'process', xs[1]!, height),
    ...column(model.assets, 'asset', xs[2]!, height),
  ];
  const byId = new Map(nodes.map((n) => [n.id, n]));
  const width = xs[2]! + NODE_W + PAD;
  const arrows = edges.flatMap((e, i) => {
    const from = byId.get(e.from);
    const to = byId.get(e.to);
    if (!from || !to) return [];
    const x1 = from.x + NODE_W;
    const y1 = from.y + NODE_H / 2;
    const x2 = to.x;
    const y2 = to.y + NODE_H / 2;
    const colour = e.open ? '#a4161a' : '#2f5d8a';
    const label = edgeLabel(model, e);
    // Labels of arrows that leave the same node are staggered along them so they do not print over each other.
    const t = 0.5 + (i % 2 ? 0.12 : -0.12);
    const lx = x1 + (x2 - x1) * t;
    const ly = y1 + (y2 - y1) * t - 6;
    return [
      html`<g class="edge"><title>${label}</title><line x1="${x1}" y1="${y1}" x2="${x2 - 4}" y2="${y2}" stroke="${colour}" stroke-width="${e.open ? 2.5 : 1.5}" marker-end="url(#bh-arrow-${e.open ? 'open' : 'ok'})"></line><text x="${lx}" y="${ly}" text-anchor="middle" font-size="12" fill="${e.open ? '#7a0010' : '#1f3f5f'}" stroke="#fff" stroke-width="3" paint-order="stroke">${short(label, 46)}</text></g>`,
    ];
  });
  const marker = (id: string, colour: string) =>
    html`<marker id="${id}" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="8" markerHeight="8" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="${colour}"></path></marker>`;
  const open = edges.reduce((n, e) => n + e.open, 0);
  return html`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height + 2 * PAD}" viewBox="0 0 ${width} ${height + 2 * PAD}" role="img" aria-labelledby="dfd-title dfd-desc" id="dfd"><title id="dfd-title">Data-flow diagram</title><desc id="dfd-desc">${model.actors.length} actors, the application and ${model.assets.length} assets; ${edges.length} arrows, ${open} flows with no mitigation seen (red).</desc><defs>${marker('bh-arrow-ok', '#2f5d8a')}${marker('bh-arrow-open', '#a4161a')}</defs>${arrows}${nodes.map(nodeShape)}</svg>`;
}
