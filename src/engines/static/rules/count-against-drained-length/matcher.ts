// Completion callbacks that count against the live length of a collection the same function drains:
// `onEnd = function () { if (++closed >= this._all.length) cb() }` with `while (this._all.length) { …end(onEnd);
// remove(…) }` below. The loop empties the collection before any callback runs, so the first completion already
// sees the count reached and reports everything done (mysql's pool.end race). Not flagged: a count taken before the
// loop (`let waiting = list.length`), collections that are walked rather than drained, and loops that fill a list
// up to a bound (`while (kept.length < limit && …)`), wherever the enclosing function (a bundle's module wrapper) is.
import type { SgNode } from '@ast-grep/napi';
import { enclosingFunction, escapeRe, startLine, symbolOf } from '../../ast.ts';
import type { Candidate, Detector, DetectorContext } from '../../types.ts';
import { findAllOf } from '../../shared-find.ts';

const COMPARE = /^(\+\+\s*[\w$]+|[\w$]+\s*\+\+|[\w$]+)\s*(>=|>|===|==)\s*((this\.)?[\w$.]+)\.length$|^((this\.)?[\w$.]+)\.length\s*(<=|<|===|==)\s*(\+\+\s*[\w$]+|[\w$]+\s*\+\+|[\w$]+)$/;

// A drain loop runs while the collection is non-empty and nothing else: `while (list.length)`, `… > 0`, `… !== 0`.
// `while (kept.length < limit && …)` fills a list up to a bound; that is no drain.
function drainLoop(list: string): RegExp {
  return new RegExp(`while\\s*\\(\\s*${list}\\.length\\s*((>|!==?)\\s*0\\s*)?\\)`);
}

/**
 * Where the file drains `list` (escaped), as [start, end) spans of drainLoop's matches in the whole text. A function's
 * text holds a drain loop exactly when one of these spans lies inside the function's range: a match never overlaps
 * another (one starts at `while (`, which cannot occur inside a match), and a match inside the function ends where it
 * would in its text alone (every alternative the regex prefers to it fails on a character inside). So one scan of the
 * file per list answers for every enclosing function, instead of copying each function's text out of the tree and
 * scanning it (a bundle's module wrapper is the whole file, asked once per comparison).
 */
function drainSpans(content: string, list: string, cache: Map<string, Array<[number, number]>>): Array<[number, number]> {
  let spans = cache.get(list);
  if (!spans) cache.set(list, (spans = [...content.matchAll(new RegExp(drainLoop(list).source, 'g'))].map((m) => [m.index, m.index + m[0].length])));
  return spans;
}

const LENGTH_COMPARISONS = { kind: 'binary_expression', has: { kind: 'member_expression', has: { field: 'property', regex: '^length$' } } };

function run(ctx: DetectorContext): Candidate[] {
  const out: Candidate[] = [];
  // Per call of run: the spans depend only on this file's text and the list (both part of the key).
  const spans = new Map<string, Array<[number, number]>>();
  // A comparison with a `….length` operand (COMPARE's shapes): asked of the operands, not of every comparison's text.
  for (const cmp of findAllOf(ctx.root, LENGTH_COMPARISONS)) {
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
    const drained = drainSpans(ctx.file.content, l, spans);
    while (drained.length > 0 && (outer = enclosingFunction(outer))) {
      const { start, end } = outer.range();
      if (drained.some(([s, e]) => s >= start.index && e <= end.index)) { drains = true; break; }
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
  finds: [LENGTH_COMPARISONS],
  run,
};
