// Prototype pollution: a write `w[k] = v` where w can be reached from an object by an attacker key and k is an
// attacker key — path setters, bracket chains, parsers and recursive merges (walk.ts) — with no guard that rejects
// __proto__ and constructor or makes the target prototype-free (guard.ts). Keys: keys.ts.
import type { SgNode } from '@ast-grep/napi';
import { endLine, FUNCTION_KINDS, functionName, startLine, symbolOf } from '../../ast.ts';
import type { Candidate, Detector, DetectorContext } from '../../types.ts';
import { guarded } from './guard.ts';
import { pollutingWrites, type PollutingWrite } from './walk.ts';

const COMPUTED_WRITE = { kind: 'assignment_expression', has: { field: 'left', kind: 'subscript_expression', has: { field: 'index', not: { any: [{ kind: 'number' }, { kind: 'string' }] } } } };

/**
 * The functions holding a computed write (`obj[key] = …`) anywhere inside them, outermost first in source order: the
 * functions a `has … stopBy: 'end'` search over every function finds, from one walk for the writes and their ancestors
 * (that search looked through each function's whole subtree again, once per enclosing function).
 */
export function functionsWithComputedWrite(root: SgNode): SgNode[] {
  const seen = new Set<number>();
  const fns: SgNode[] = [];
  for (const write of root.findAll({ rule: COMPUTED_WRITE })) {
    for (let p = write.parent(); p; p = p.parent()) {
      const id = p.id();
      // Every ancestor of a node already walked was walked with it.
      if (seen.has(id)) break;
      seen.add(id);
      if (FUNCTION_KINDS.has(String(p.kind()))) fns.push(p);
    }
  }
  const at = (n: SgNode) => n.range();
  return fns.map((fn) => ({ fn, r: at(fn) })).sort((a, b) => a.r.start.index - b.r.start.index || b.r.end.index - a.r.end.index).map((x) => x.fn);
}

const DETAIL: Record<PollutingWrite['shape'], string> = {
  'recursive merge': 'recurses into the target with keys copied from its input and writes',
  'path walk': 'walks an object along keys from its input and writes',
  'bracket chain': 'writes two levels deep with both keys from its input:',
};

/** One write per function: a merge's leaf write, else a walk's last write, else the first bracket chain. */
function choose(found: PollutingWrite[]): PollutingWrite | undefined {
  return found.find((f) => f.shape === 'recursive merge') ?? found.filter((f) => f.shape === 'path walk').at(-1) ?? found[0];
}

function run(ctx: DetectorContext): Candidate[] {
  const out: Candidate[] = [];
  for (const fn of functionsWithComputedWrite(ctx.root)) {
    const r = fn.range();
    if (r.end.index - r.start.index > 20000) continue;
    const found = pollutingWrites(fn).filter((f) => !guarded(fn, f.targets));
    const hit = choose(found);
    if (!hit) continue;
    const name = functionName(fn);
    const site = hit.write;
    // A merge's finding spans its descent (the recursive call) and its leaf write when they sit close together: the
    // bug is the pair. Far apart, the leaf write alone (where Object.prototype is written).
    const lines = [startLine(site), endLine(site), ...(hit.via && Math.abs(startLine(hit.via) - startLine(site)) <= 6 ? [startLine(hit.via), endLine(hit.via)] : [])];
    out.push({
      ruleId: 'prototype-pollution',
      startLine: Math.min(...lines),
      endLine: Math.max(...lines),
      symbol: symbolOf(site),
      subject: `${name}: ${site.text()}`,
      detail: `\`${name}\` ${DETAIL[hit.shape]} \`${site.text().slice(0, 80)}\` without rejecting __proto__ and constructor.`,
      structural: `${hit.shape} without a key guard`,
    });
  }
  // One finding per site: an outer function containing the same write is not a second bug.
  const seen = new Set<string>();
  return out.filter((c) => (seen.has(`${c.startLine}:${c.subject.split(': ')[1]}`) ? false : (seen.add(`${c.startLine}:${c.subject.split(': ')[1]}`), true)));
}

export const prototypePollution: Detector = {
  order: 5,
  rules: ['prototype-pollution'],
  prefilter: /\]\s*=[^=>]/,
  run,
};
