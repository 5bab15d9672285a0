// A callback that may be missing, checked in one branch of an if/else and called unchecked in the sibling branch:
// `if (err) { cb(err) } else if (cb) { cb(null, obj) }` (generic-pool's factory callback with no waiting client). The
// two branches disagree about whether the function can be absent; the unchecked one (usually the error path) throws a
// TypeError instead of reporting. Not flagged: a check above the if statement (an early return, an outer guard) and
// callbacks neither branch checks.
import type { SgNode } from '@ast-grep/napi';
import { enclosingFunction, escapeRe, startLine, symbolOf } from '../../ast.ts';
import type { Candidate, Detector, DetectorContext } from '../../types.ts';

/** Whether `text` tests `name` for presence: `if (name)`, `if (!name)`, `name &&`, `typeof name`, `name == null`. */
function tests(text: string, name: string): boolean {
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
function unguardedCalls(branch: SgNode, wanted: (name: string) => boolean): SgNode[] {
  let fn: number | undefined | null = null;
  return branch.findAll({ rule: { kind: 'call_expression', has: { field: 'function', kind: 'identifier' } } }).filter((call) => {
    const name = call.field('function')!.text();
    if (!wanted(name)) return false;
    if (fn === null) fn = enclosingFunction(branch)?.range().start.index;
    if (enclosingFunction(call)?.range().start.index !== fn) return false;
    return !guardedInBranch(call, branch, name);
  });
}

/** Whether `sibling` tests `name` for presence and calls it, memoised per name. */
function checkedAndCalledIn(sibling: SgNode): (name: string) => boolean {
  let text: string | undefined;
  const known = new Map<string, boolean>();
  return (name) => {
    let answer = known.get(name);
    if (answer === undefined) {
      text ??= sibling.text();
      answer = text.includes(name) && tests(text, name) && new RegExp(`\\b${escapeRe(name)}\\s*\\(`).test(text);
      known.set(name, answer);
    }
    return answer;
  };
}

function run(ctx: DetectorContext): Candidate[] {
  const out: Candidate[] = [];
  for (const ifs of ctx.root.findAll({ rule: { kind: 'if_statement', has: { field: 'alternative', kind: 'else_clause' } } })) {
    // Only the first if of an else-if chain: its branches are the whole chain.
    if (ifs.parent()?.kind() === 'else_clause') continue;
    const cons = ifs.field('consequence');
    const alt = ifs.field('alternative');
    if (!cons || !alt) continue;
    let before: string | undefined;
    for (const [branch, sibling] of [[cons, alt], [alt, cons]] as const) {
      for (const call of unguardedCalls(branch, checkedAndCalledIn(sibling))) {
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

export const callbackGuardedInOneBranch: Detector = {
  order: 39,
  rules: ['callback-guarded-in-one-branch'],
  prefilter: /\belse\b/,
  run,
};
