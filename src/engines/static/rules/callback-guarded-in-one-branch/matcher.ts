// A callback that may be missing, checked in one branch of an if/else and called unchecked in the sibling branch:
// `if (err) { cb(err) } else if (cb) { cb(null, obj) }` (generic-pool's factory callback with no waiting client). The
// two branches disagree about whether the function can be absent; the unchecked one (usually the error path) throws a
// TypeError instead of reporting. Not flagged: a check above the if statement (an early return, an outer guard) and
// callbacks neither branch checks.
import type { SgNode } from '@ast-grep/napi';
import { enclosingFunction, escapeRe, startLine, symbolOf } from '../../ast.ts';
import type { Candidate, Detector, DetectorContext } from '../../types.ts';
import { findAllOf } from '../../shared-find.ts';

/** Whether `text` tests `name` for presence: `if (name)`, `if (!name)`, `name &&`, `typeof name`, `name == null`. */
export function tests(text: string, name: string): boolean {
  const n = escapeRe(name);
  return new RegExp(`if\\s*\\(\\s*!?\\s*${n}\\s*[)&|]|(^|[^\\w$.])${n}\\s*&&|typeof\\s+${n}\\b|\\b${n}\\s*[!=]==?\\s*(null|undefined)|\\b${n}\\?\\.\\(`).test(text);
}

/** Whether a call to `name` in a branch is guarded on the way down from the branch to it. */
function guardedInBranch(call: SgNode, branch: SgNode, name: string): boolean {
  for (let p = call.parent(); p && p.range().start.index >= branch.range().start.index && p !== branch; p = p.parent()) {
    if ((p.kind() === 'if_statement' || p.kind() === 'binary_expression' || p.kind() === 'ternary_expression') && tests(p.text().slice(0, p.text().indexOf(call.text())), name)) return true;
  }
  return false;
}

/** Direct calls `name(...)` in a branch, in the branch's own function, that the branch does not guard and whose name
 * `wanted` accepts (asked first: the cheap test spares the walks up the tree for the many calls it rejects). */
export function unguardedCalls(branch: SgNode, wanted: (name: string) => boolean): SgNode[] {
  let fn: number | undefined | null = null;
  return branch.findAll({ rule: { kind: 'call_expression', has: { field: 'function', kind: 'identifier' } } }).filter((call) => {
    const name = call.field('function')!.text();
    if (!wanted(name)) return false;
    if (fn === null) fn = enclosingFunction(branch)?.range().start.index;
    if (enclosingFunction(call)?.range().start.index !== fn) return false;
    return !guardedInBranch(call, branch, name);
  });
}

/** Whether the sibling branch's `text` tests `name` for presence and calls it, memoised per name. */
export function checkedAndCalledIn(text: string): (name: string) => boolean {
  const known = new Map<string, boolean>();
  return (name) => {
    let answer = known.get(name);
    if (answer === undefined) {
      answer = text.includes(name) && tests(text, name) && new RegExp(`\\b${escapeRe(name)}\\s*\\(`).test(text);
      known.set(name, answer);
    }
    return answer;
  };
}

const IFS_WITH_ELSE = { kind: 'if_statement', has: { field: 'alternative', kind: 'else_clause' } };

function run(ctx: DetectorContext): Candidate[] {
  const out: Candidate[] = [];
  for (const ifs of findAllOf(ctx.root, IFS_WITH_ELSE)) {
    // Only the first if of an else-if chain: its branches are the whole chain.
    if (ifs.parent()?.kind() === 'else_clause') continue;
    const cons = ifs.field('consequence');
    const alt = ifs.field('alternative');
    if (!cons || !alt) continue;
    let before: string | undefined;
    for (const [branch, sibling] of [[cons, alt], [alt, cons]] as const) {
      const siblingText = sibling.text();
      // A call is reported only when the sibling tests and calls its name: a sibling testing and calling no name at all
      // (most of them) spares the search of the branch, a walk of its subtree, nested branches walked again each time.
      if (!testedAndCalled(siblingText)) continue;
      for (const call of unguardedCalls(branch, checkedAndCalledIn(siblingText))) {
        const name = call.field('function')!.text();
        before ??= ctx.file.content.slice((enclosingFunction(ifs) ?? ctx.root).range().start.index, ifs.range().start.index);
        if (tests(before, name) || tests(ifs.field('condition')?.text() ?? '', name)) continue;
        // The sibling's test may just pick the branch (`else if (cb)`): that still says cb can be missing.
        out.push({
          ruleId: 'callback-guarded-in-one-branch', startLine: startLine(call), endLine: startLine(call), symbol: symbolOf(call),
          subject: `${name}(…)`,
          detail: `The other branch checks that \`${name}\` exists before calling it, but this one calls \`${name}(…)\` unchecked: when it is missing this path throws a TypeError.`,
          structural: 'a callback checked in one branch and called unchecked in its sibling',
        });
      }
    }
  }
  return out;
}

// The names `tests` can find tested, and those called (`name(`), read off the whole text in one pass each. A name is a
// run of [\w$] characters, or a part of one that `tests`' word boundaries can cut out at a `$` (prefixes for
// `typeof name\b`, suffixes for `\bname ==` and `\bname(`).
// Matches do not overlap, so no match may swallow the start of another: `typeof`'s name and the comparison's tail are
// lookaheads (`typeof typeof x`, `typeof if (cb)`), and what the others consume past their name cannot start a match.
// Runs are read whole, from their first character (the lookbehinds), which also spares the regex a try at every
// character inside each run.
const TESTED = /if\s*\(\s*!?\s*([\w$]+)\s*[)&|]|(?<![\w$.])([\w$]+)\s*&&|typeof(?=\s+([\w$]+))|(?<![\w$])([\w$]+)(?=\s*[!=]==?\s*(?:null|undefined))|(?<![\w$])([\w$]+)\?\.\(/g;
const CALLED = /(?<![\w$])([\w$]+)\s*\(/g;
const WORD = /\w/;

/** The run and the parts of it that start (suffixes) or end (prefixes) at a word boundary inside it (only a `$` makes one). */
function cuts(run: string, ends: 'prefixes' | 'suffixes' | 'both'): string[] {
  if (!run.includes('$')) return [run];
  const out = [run];
  for (let i = 1; i < run.length; i++) {
    if (WORD.test(run[i - 1]!) === WORD.test(run[i]!)) continue;
    if (ends !== 'suffixes') out.push(run.slice(0, i));
    if (ends !== 'prefixes') out.push(run.slice(i));
  }
  return out;
}

/**
 * A necessary condition of a finding, on the text alone: a finding is a call `name(…)` whose sibling branch both
 * `tests` name and calls it (`\bname\s*\(`), so some name must be tested and called somewhere in the file. Names
 * written with escapes or outside ASCII are not read this way: such a file always passes.
 */
export function testedAndCalled(text: string): boolean {
  if (text.includes('\\u') || /[^\t-\x7f]/.test(text)) return true;
  const tested = new Set<string>();
  for (const m of text.matchAll(TESTED)) for (const name of cuts(m[1] ?? m[2] ?? m[3] ?? m[4] ?? m[5]!, 'both')) tested.add(name);
  if (tested.size === 0) return false;
  for (const m of text.matchAll(CALLED)) for (const name of cuts(m[1]!, 'suffixes')) if (tested.has(name)) return true;
  return false;
}

export const callbackGuardedInOneBranch: Detector = {
  order: 39,
  rules: ['callback-guarded-in-one-branch'],
  prefilter: /\belse\b/,
  requires: { test: testedAndCalled },
  finds: [IFS_WITH_ELSE],
  run,
};
