// Completion callbacks that count against the live length of a collection the same function drains:
// `onEnd = function () { if (++closed >= this._all.length) cb() }` with `while (this._all.length) { …end(onEnd);
// remove(…) }` below. The loop empties the collection before any callback runs, so the first completion already
// sees the count reached and reports everything done (mysql's pool.end race). Not flagged: a count taken before the
// loop (`let waiting = list.length`), collections that are walked rather than drained, and loops that fill a list
// up to a bound (`while (kept.length < limit && …)`), wherever the enclosing function (a bundle's module wrapper) is.
import type { SgNode } from '@ast-grep/napi';
import { enclosingFunction, escapeRe, startLine, symbolOf } from '../../ast.ts';
import type { Candidate, Detector, DetectorContext } from '../../types.ts';

const COMPARE = /^(\+\+\s*[\w$]+|[\w$]+\s*\+\+|[\w$]+)\s*(>=|>|===|==)\s*((this\.)?[\w$.]+)\.length$|^((this\.)?[\w$.]+)\.length\s*(<=|<|===|==)\s*(\+\+\s*[\w$]+|[\w$]+\s*\+\+|[\w$]+)$/;

// A drain loop runs while the collection is non-empty and nothing else: `while (list.length)`, `… > 0`, `… !== 0`.
// `while (kept.length < limit && …)` fills a list up to a bound; that is no drain.
function drainLoop(list: string): RegExp {
  return new RegExp(`while\\s*\\(\\s*${list}\\.length\\s*((>|!==?)\\s*0\\s*)?\\)`);
}

function run(ctx: DetectorContext): Candidate[] {
  const out: Candidate[] = [];
  // A comparison with a `….length` operand (COMPARE's shapes): asked of the operands, not of every comparison's text.
  for (const cmp of ctx.root.findAll({ rule: { kind: 'binary_expression', has: { kind: 'member_expression', has: { field: 'property', regex: '^length$' } } } })) {
    const m = COMPARE.exec(cmp.text().trim());
    if (!m) continue;
    const list = m[3] ?? m[5]!;
    const counter = (m[1] ?? m[8]!).replace(/\+\+|\s/g, '');
    if (/^\d/.test(counter) || counter === 'length') continue;
    const inner = enclosingFunction(cmp);
    if (!inner) continue;
    // The callback sits in an outer function that drains the same collection.
    let outer: SgNode | null = inner;
    let drains = false;
    const l = escapeRe(list);
    while ((outer = enclosingFunction(outer))) {
      const text = outer.text();
      if (drainLoop(l).test(text)) { drains = true; break; }
    }
    if (!drains || !outer) continue;
    // Counting up from a snapshot is fine; so is a counter that starts at the length.
    if (new RegExp(`\\b${escapeRe(counter)}\\s*=\\s*${l}\\.length\\b`).test(outer.text())) continue;
    out.push({
      ruleId: 'count-against-drained-length', startLine: startLine(cmp), endLine: startLine(cmp), symbol: symbolOf(cmp),
      subject: cmp.text(),
      detail: `\`${cmp.text()}\` compares a completion count with the live \`${list}.length\`, but ${symbolOf(outer)} empties \`${list}\` in a loop before the callbacks run: the first completion already counts as the last.`,
      structural: 'a completion count compared with the length of a collection the function drains',
    });
  }
  return out;
}

export const countAgainstDrainedLength: Detector = {
  order: 43,
  rules: ['count-against-drained-length'],
  prefilter: /while\s*\(\s*[\w$.]+\.length\s*((>|!==?)\s*0\s*)?\)/,
  run,
};
