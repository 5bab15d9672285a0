// Prototype pollution: a write `w[k] = v` where w can be reached from an object by an attacker key and k is an
// attacker key — path setters, bracket chains, parsers and recursive merges (walk.ts) — with no guard that rejects
// __proto__ and constructor or makes the target prototype-free (guard.ts), and no private helper only guarded callers
// reach (callers.ts). Keys: keys.ts.
import type { SgNode } from '@ast-grep/napi';
import { enclosingFunction, enclosingFunctions, endLine, functionName, startLine, symbolOf } from '../../ast.ts';
import type { Candidate, Detector, DetectorContext } from '../../types.ts';
import { findAllOf } from '../../shared-find.ts';
import { callersGuard } from './callers.ts';
import { guarded } from './guard.ts';
import { callWrites, COMPUTED_DEFINE } from './helper-writes.ts';
import { beyondScope, rememberDeclarations, scopeIndex } from './scope.ts';
import { pollutingWrites, type PollutingWrite } from './walk.ts';

const COMPUTED_WRITE = { kind: 'assignment_expression', has: { field: 'left', kind: 'subscript_expression', has: { field: 'index', not: { any: [{ kind: 'number' }, { kind: 'string' }] } } } };
const WRITES_AND_DECLARATIONS = { any: [COMPUTED_WRITE, { kind: 'function_declaration' }] };

export interface WriteOwners {
  /** The functions holding a computed write anywhere inside them, outermost first in source order. */
  functions: SgNode[];
  /** By function id: the computed writes the function owns — its own and those of anonymous callbacks inside it
   *  (not a named inner function's) — in source order. */
  owned: Map<number, SgNode[]>;
}

/**
 * One walk over the file's computed writes (`obj[key] = …`, a literal key is never an attacker's) and their ancestors:
 * the functions a `has … stopBy: 'end'` search over every function finds, and which of them own each write — instead of
 * searching each function's whole subtree again, once per enclosing function.
 */
export function writeOwners(root: SgNode, withCalls = true): WriteOwners {
  const seen = new Set<number>();
  const fns: SgNode[] = [];
  const owned = new Map<number, SgNode[]>();
  const declared: SgNode[] = [];
  const found = findAllOf(root, WRITES_AND_DECLARATIONS);
  // The file's function declarations come with the same walk (guard.ts looks callees up in them).
  for (const node of found) if (node.kind() === 'function_declaration') declared.push(node);
  // Calls that write `o[k] = v` (defineProperty, the file's setter helpers) join the assignments (helper-writes.ts).
  rememberDeclarations(root, 'functions', declared);
  const calls = withCalls ? callWrites(root, declared) : [];
  for (const write of [...found, ...calls]) {
    if (write.kind() === 'function_declaration') continue;
    let owning = true;
    // The enclosing functions, innermost first, from the shared function index: a parent() per level walks down from
    // the root each time, and only the function ancestors were ever used.
    for (const fn of enclosingFunctions(write)) {
      const id = fn.id();
      if (owning) {
        const list = owned.get(id);
        if (list) list.push(write);
        else owned.set(id, [write]);
        // A named function, or one not passed as an argument, owns what is inside it; the functions around it do not.
        if (fn.field('name') || fn.parent()?.kind() !== 'arguments') owning = false;
      }
      // Every function around one already walked was walked with it (and owns nothing more once ownership stopped).
      if (seen.has(id)) {
        if (!owning) break;
        continue;
      }
      seen.add(id);
      fns.push(fn);
    }
  }
  // The call writes came after the assignments: each function's writes go back to source order.
  if (calls.length > 0) for (const list of owned.values()) list.sort((a, b) => a.range().start.index - b.range().start.index);
  const at = (n: SgNode) => n.range();
  const functions = fns.map((fn) => ({ fn, r: at(fn) })).sort((a, b) => a.r.start.index - b.r.start.index || b.r.end.index - a.r.end.index).map((x) => x.fn);
  return { functions, owned };
}

/** The functions holding a computed assignment anywhere inside them, outermost first in source order (the writes
 *  calls make, helper-writes.ts, left out). */
export function functionsWithComputedWrite(root: SgNode): SgNode[] {
  return writeOwners(root, false).functions;
}

/** The function, or a function it runs inside as an anonymous callback (`parts.forEach((k) => …)` after the
 *  caller's key check), guards the write into its targets. */
function guardedAround(fn: SgNode, found: PollutingWrite): boolean {
  const { targets } = found;
  // What an own-property check must stand in the way of (governs.ts): the write, the descent, the walk's steps.
  const index = scopeIndex(fn);
  const write = { write: found.write, ...(found.via ? { via: found.via } : {}), steps: [...targets].flatMap((t) => index.rebindings(t)), targets };
  let f: SgNode | null = fn;
  for (let i = 0; f && i < 4; i++) {
    if (guarded(f, targets, write)) return true;
    if (f.field('name') || f.parent()?.kind() !== 'arguments') return false;
    f = enclosingFunction(f);
  }
  return false;
}

const DETAIL: Record<PollutingWrite['shape'], string> = {
  'recursive merge': 'recurses into the target with keys copied from its input and writes',
  'path walk': 'walks an object along keys from its input and writes',
  'bracket chain': 'writes two levels deep with both keys from its input:',
};

/** One write per function: a merge's leaf write, else a walk's last value write (its last write when it writes only
 *  fresh objects), else the first bracket chain. */
function choose(found: PollutingWrite[]): PollutingWrite | undefined {
  const walks = found.filter((f) => f.shape === 'path walk');
  return found.find((f) => f.shape === 'recursive merge') ?? walks.filter((f) => !f.fresh).at(-1) ?? walks.at(-1) ?? found[0];
}

/** The lines of the other writes of the same walk (`cur[k] = cur[k] || {}` above `cur[last] = v`) or merge (its leaf
 *  write in each branch) close to its chosen write: each writes Object.prototype once the walk or descent reaches it,
 *  so the finding spans them — whichever one a report of the bug names. Close: the quoted evidence holds 8 lines
 *  from the first, and the chosen write must stay in it. */
function otherWriteLines(found: PollutingWrite[], hit: PollutingWrite): number[] {
  const at = startLine(hit.write);
  const near = (w: SgNode) => Math.abs(startLine(w) - at) <= 6;
  const others = hit.shape === 'recursive merge' ? hit.leaves ?? [] : hit.shape === 'path walk' ? found.filter((f) => f.shape === 'path walk' && f !== hit && [...f.targets].some((t) => hit.targets.has(t))).map((f) => f.write) : [];
  return others.filter(near).flatMap((w) => [startLine(w), endLine(w)]);
}

function run(ctx: DetectorContext): Candidate[] {
  const out: Candidate[] = [];
  const { functions, owned } = writeOwners(ctx.root);
  for (const fn of functions) {
    const writes = owned.get(fn.id());
    if (!writes) continue;
    if (beyondScope(fn)) continue;
    const found = pollutingWrites(fn, writes).filter((f) => !guardedAround(fn, f) && !callersGuard(fn, f.write));
    const hit = choose(found);
    if (!hit) continue;
    const name = functionName(fn);
    const site = hit.write;
    const via = hit.via;
    // A merge's finding spans its descent (the recursive call) and its leaf write when they sit close together: the
    // bug is the pair. Far apart, the leaf write alone (where Object.prototype is written). Either way with the other
    // writes of the same walk or merge close to the chosen one.
    const others = otherWriteLines(found, hit);
    const close = via !== undefined && Math.abs(startLine(via) - startLine(site)) <= 6;
    const lines = [startLine(site), endLine(site), ...(close ? [startLine(via), endLine(via)] : []), ...others];
    // Its identity stays at the recursive call, where this rule has always reported a merge: the fingerprint keys on
    // the call's line and the former fingerprint on its text, so dismissals, baselines, ledgers and published issues
    // written before the leaf write was cited still match. A walk or bracket chain is named by its write, as before.
    const anchor = via ?? site;
    out.push({
      ruleId: 'prototype-pollution',
      startLine: Math.min(...lines),
      endLine: Math.max(...lines),
      ...(startLine(anchor) !== Math.min(...lines) ? { anchorLine: startLine(anchor) } : {}),
      symbol: symbolOf(anchor),
      subject: `${name}: ${anchor.text()}`,
      detail: via
        ? `\`${name}\` recurses into the target through \`${via.text().slice(0, 80)}\` with keys copied from its input and writes \`${site.text().slice(0, 80)}\` (line ${startLine(site)}) without rejecting __proto__ and constructor.`
        : `\`${name}\` ${DETAIL[hit.shape]} \`${site.text().slice(0, 80)}\` without rejecting __proto__ and constructor.`,
      structural: `${hit.shape} without a key guard`,
    });
  }
  // One finding per site: an outer function containing the same write is not a second bug.
  const seen = new Set<string>();
  return out.filter((c) => {
    const key = `${c.anchorLine ?? c.startLine}:${c.subject.split(': ')[1]}`;
    return seen.has(key) ? false : (seen.add(key), true);
  });
}

export const prototypePollution: Detector = {
  order: 5,
  rules: ['prototype-pollution'],
  // defineProperty with a computed key only: compiled modules write `Object.defineProperty(exports, "__esModule", …)`.
  prefilter: new RegExp(`\\]\\s*=[^=>]|${COMPUTED_DEFINE.source}`),
  finds: [WRITES_AND_DECLARATIONS],
  run,
};
