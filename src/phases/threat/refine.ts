// Applies a model's refinement to the deterministic threat model (pure). The model is untrusted: an entry is kept
// only when its flow or asset id exists and its citation holds — the file is one of the target's, the line exists and
// the quote matches it (whitespace-normalised). Everything else is dropped and counted, with the reason, never applied.
import type { Mitigation, ThreatBoundaryKind, ThreatEntry, ThreatFlow } from '../../artifacts/schemas/threat-model.ts';
import { normaliseWhitespace } from '../../engines/integrity/evidence.ts';
import { ACTORS, ENTRY_BOUNDARY, MAX_FLOWS, type ActorKey, type ThreatBody } from './core.ts';
import type { RefineFlow, ThreatRefinementAnswer } from './refine-answer.ts';
import { SINKS } from './sinks.ts';

export interface Refinement {
  body: ThreatBody;
  added: number;
  adjusted: number;
  flows: number;
  /** Why each dropped entry was dropped, in answer order. */
  dropped: string[];
}

type Cited = { file: string; line: number; quote: string };
type Lookup = (file: string) => string | undefined;

/** Why a citation does not hold, or null when the quoted text is on that line of that file. */
export function citationProblem(c: Cited, lookup: Lookup): string | null {
  const content = lookup(c.file);
  if (content === undefined) return `${c.file} is not a file of the target`;
  const lines = content.split(/\r?\n/);
  if (c.line > lines.length) return `${c.file}:${c.line} is past the end of the file (${lines.length} lines)`;
  const quoted = normaliseWhitespace(c.quote);
  if (!quoted || !normaliseWhitespace(lines[c.line - 1] ?? '').includes(quoted)) return `the quote is not on ${c.file}:${c.line}`;
  return null;
}

const INBOUND: Partial<Record<ThreatBoundaryKind, { actor: ActorKey; entryKind: string }>> = Object.fromEntries(
  Object.entries(ENTRY_BOUNDARY).map(([kind, spec]) => [spec.boundary, { actor: spec.actor, entryKind: kind }]),
);

function boundaryName(kind: ThreatBoundaryKind): string {
  const entry = Object.values(ENTRY_BOUNDARY).find((s) => s.boundary === kind);
  const sink = Object.values(SINKS).find((s) => s.boundary === kind);
  return entry?.name ?? sink?.boundaryName ?? (kind === 'authentication' ? 'Authentication tokens' : kind);
}

const located = (c: Cited, lookup: Lookup) => ({ file: c.file, line: c.line, detail: (lookup(c.file)?.split(/\r?\n/)[c.line - 1] ?? c.quote).trim() });

export function applyRefinement(base: ThreatBody, answer: ThreatRefinementAnswer, lookup: Lookup, by: string): Refinement {
  const body: ThreatBody = structuredClone(base);
  const out: Refinement = { body, added: 0, adjusted: 0, flows: 0, dropped: [] };
  const mitigationOf = (t: { mitigation: Mitigation['status']; detail: string } & Cited): Mitigation => ({ status: t.mitigation, detail: t.detail, at: located(t, lookup) });

  answer.threats.forEach((t, i) => {
    const flow = body.flows.find((f) => f.id === t.flow);
    const problem = flow ? citationProblem(t, lookup) : `flow ${t.flow} does not exist`;
    if (problem || !flow) return void out.dropped.push(`threats[${i}] (${t.flow} ${t.stride}): ${problem}`);
    const at = flow.threats.findIndex((x) => x.stride === t.stride);
    const entry: ThreatEntry = { stride: t.stride, threat: t.threat, mitigation: mitigationOf(t), refined: { by, change: at >= 0 ? 'adjusted' : 'added', reason: t.reason } };
    if (at >= 0) {
      entry.refined!.was = flow.threats[at]!.mitigation.status;
      flow.threats[at] = entry;
      out.adjusted += 1;
    } else {
      flow.threats.push(entry);
      out.added += 1;
    }
  });

  answer.flows.forEach((f, i) => {
    const problem = citationProblem(f, lookup) ?? f.threats.map((t) => citationProblem(t, lookup)).find(Boolean) ?? flowProblem(body, f);
    if (problem) return void out.dropped.push(`flows[${i}] (${f.boundary} ${f.name}): ${problem}`);
    if (body.flows.length >= MAX_FLOWS) return void out.dropped.push(`flows[${i}] (${f.boundary} ${f.name}): the model already holds ${MAX_FLOWS} flows`);
    body.flows.push(newFlow(body, f, lookup, by, mitigationOf));
    out.flows += 1;
  });
  return out;
}

function flowProblem(body: ThreatBody, f: RefineFlow): string | null {
  if (f.direction === 'inbound') return null;
  if (/^A[0-9]+$/.test(f.asset)) return body.assets.some((a) => a.id === f.asset) ? null : `asset ${f.asset} does not exist`;
  return f.asset.trim() && f.assetKind ? null : 'an outbound flow needs an existing asset id, or a new asset name and kind';
}

function newFlow(body: ThreatBody, f: RefineFlow, lookup: Lookup, by: string, mitigationOf: (t: RefineFlow['threats'][number]) => Mitigation): ThreatFlow {
  const at = located(f, lookup);
  let boundary = body.boundaries.find((b) => b.kind === f.boundary);
  if (!boundary) {
    boundary = { id: `TB${body.boundaries.length + 1}`, kind: f.boundary, name: boundaryName(f.boundary), locations: [] };
    body.boundaries.push(boundary);
  }
  boundary.locations.push(at);
  const inbound = INBOUND[f.boundary];
  const actorId = (key: ActorKey): string => {
    const known = body.actors.find((a) => a.name === ACTORS[key].name);
    if (known) return known.id;
    const actor = { id: `U${body.actors.length + 1}`, ...ACTORS[key] };
    body.actors.push(actor);
    return actor.id;
  };
  const assetId = (): string => {
    if (/^A[0-9]+$/.test(f.asset)) return f.asset;
    const known = body.assets.find((a) => a.name === f.asset.trim() && a.kind === f.assetKind);
    if (known) return known.id;
    const asset = { id: `A${body.assets.length + 1}`, name: f.asset.trim(), kind: f.assetKind as Exclude<RefineFlow['assetKind'], ''>, evidence: [at] };
    body.assets.push(asset);
    return asset.id;
  };
  const threats: ThreatEntry[] = f.threats.map((t) => ({ stride: t.stride, threat: t.threat, mitigation: mitigationOf(t), refined: { by, change: 'added', reason: t.reason } }));
  return {
    id: `F${body.flows.length + 1}`,
    boundary: boundary.id,
    from: f.direction === 'inbound' ? actorId(inbound?.actor ?? 'remote') : 'process',
    to: f.direction === 'inbound' ? 'process' : assetId(),
    // A new entry point counts for CVSS like recon's: its kind follows the boundary it crosses.
    ...(f.direction === 'inbound' && inbound ? { entry: { kind: inbound.entryKind, name: f.name, file: f.file, line: f.line } } : {}),
    at,
    input: [],
    authentication: inbound?.entryKind === 'http-route' ? { status: 'unknown' } : { status: 'not-applicable' },
    threats,
    addedBy: by,
  };
}
