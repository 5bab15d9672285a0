// Prototype pollution, whether a check found in a function's text stands in the way of one write. guard.ts finds an
// own-property check of the target by its text anywhere in the function; it blocks the write only when it decides
// whether the write, the merge's descent or the walk's step runs: one of them sits inside the `if` the check conditions,
// or the `if` leaves (continue, return, break, throw) before one of them, or it reads or sets an entry of the written
// object (`if (own) x = t[k]; else x = t[k] = {}`). A check after all of them, outside any loop around them, decides
// only what comes later (`if (hasOwn(target, k)) return target;` after the merge loop); an `if` holding none of them
// that neither leaves nor touches the written object's entries decides something else. Either way `__proto__` still
// reaches the write.
import type { SgNode } from '@ast-grep/napi';
import { FUNCTION_KINDS } from '../../ast.ts';

/** What a check may stand in the way of: the write, a merge's recursive call, the written names' assignments. */
export interface Guarded { write: SgNode; via?: SgNode; steps?: readonly SgNode[]; targets: ReadonlySet<string> }

const LOOPS = new Set(['for_statement', 'for_in_statement', 'while_statement', 'do_statement']);
/** Expressions a check's answer passes through on its way to the statement it decides. */
const CARRIERS = new Set(['call_expression', 'member_expression', 'unary_expression', 'parenthesized_expression', 'binary_expression']);
const LEAVES = /\b(?:continue|return|break|throw)\b/;

const inside = (outer: SgNode, n: SgNode) => outer.range().start.index <= n.range().start.index && n.range().end.index <= outer.range().end.index;
const before = (a: SgNode, b: SgNode) => a.range().end.index <= b.range().start.index;

/** The smallest call in fn spanning the text offset `at` (relative to fn's text). */
function callAt(fn: SgNode, at: number): SgNode | undefined {
  const index = fn.range().start.index + at;
  let best: SgNode | undefined;
  for (const c of fn.findAll({ rule: { kind: 'call_expression' } })) {
    const r = c.range();
    if (r.start.index <= index && index < r.end.index && (!best || r.end.index - r.start.index < best.range().end.index - best.range().start.index)) best = c;
  }
  return best;
}

/** The check at text offset `at` of fn can decide whether one of `g`'s nodes runs (see the file's header). */
export function governs(fn: SgNode, at: number, g: Guarded): boolean {
  const check = callAt(fn, at);
  if (!check) return true;
  const nodes = [g.write, ...(g.via ? [g.via] : []), ...(g.steps ?? [])];
  let child = check;
  for (let p = check.parent(); p; child = p, p = p.parent()) {
    const k = String(p.kind());
    // `hasOwn(t, k) && merge(t[k], s[k])`: the rest of the condition runs only when the check passed.
    if (k === 'binary_expression' && /^(?:&&|\|\|)$/.test(p.field('operator')?.text() ?? '') && p.field('left')?.id() === child.id()) {
      const right = p.field('right') as SgNode;
      if (nodes.some((n) => inside(right, n))) return true;
    }
    if (CARRIERS.has(k)) continue;
    if (afterAll(fn, p, nodes)) return false;
    if (k !== 'if_statement') return true;
    if (nodes.some((n) => inside(p, n)) || entersTarget(p, g.targets)) return true;
    const leaves = [p.field('consequence'), p.field('alternative')].some((b) => b !== null && LEAVES.test(b.text()));
    return leaves && nodes.some((n) => before(p, n));
  }
  return true;
}

/** The statement reads or writes an entry of a written object (`x = t[k]`, `t[k] = {}`): it may set up what the write
 *  or the descent later reaches. */
function entersTarget(statement: SgNode, targets: ReadonlySet<string>): boolean {
  return statement.findAll({ rule: { kind: 'subscript_expression' } }).some((s) => targets.has(s.field('object')?.text() ?? ''));
}

/** The statement comes after every node, in the same function, with no loop around both that could run it first. */
function afterAll(fn: SgNode, statement: SgNode, nodes: readonly SgNode[]): boolean {
  if (!nodes.every((n) => before(n, statement))) return false;
  for (let a = statement.parent(); a && a.id() !== fn.id(); a = a.parent()) {
    if (FUNCTION_KINDS.has(String(a.kind()))) return false;
    if (LOOPS.has(String(a.kind())) && nodes.some((n) => inside(a, n))) return false;
  }
  return true;
}
