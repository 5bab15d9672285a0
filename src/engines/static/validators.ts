// Validator helpers: a statement `check(value)` before a call, where `check` is a function of this file that throws
// unless its parameter fits an allow-list (`if (s.match(/[^\w]/)) throw …`, `if (!/^\w+$/.test(s)) throw …`).
// Such a call contains the value for every class, as the allow-list regex guard does inline.
import type { SgNode } from '@ast-grep/napi';
import { enclosingFunction, escapeRe, paramsOf, startLine } from './ast.ts';
import type { GuardFact } from './types.ts';

/** True when the helper's body throws and tests its first parameter against a negated class or an anchored pattern. */
function throwsUnlessAllowed(helper: SgNode): boolean {
  const param = paramsOf(helper)[0]?.name;
  const body = helper.field('body')?.text() ?? '';
  if (!param || !/\bthrow\b/.test(body)) return false;
  const p = escapeRe(param);
  const negated = new RegExp(String.raw`\b${p}\.match\(\s*/\[\^[^\]\n]*\]/[a-z]*\s*\)|/\[\^[^\]\n]*\]/[a-z]*\.test\(\s*${p}\s*\)`);
  const anchored = new RegExp(String.raw`!\s*/\^[^/\n]*\$/[a-z]*\.test\(\s*${p}\s*\)|!\s*${p}\.match\(\s*/\^[^/\n]*\$/`);
  return negated.test(body) || anchored.test(body);
}

/** A validator call on one of `names` as a statement between the start of the call's function and the call, or null. */
export function validatedBefore(call: SgNode, names: readonly string[]): GuardFact | null {
  const fn = enclosingFunction(call);
  const body = fn?.field('body');
  if (!fn || body?.kind() !== 'statement_block') return null;
  const line = startLine(call);
  const usable = names.filter((n) => /^[\w$]+$/.test(n));
  for (const stmt of body.namedChildren()) {
    if (startLine(stmt) >= line) break;
    const expr = stmt.kind() === 'expression_statement' ? stmt.namedChildren()[0] : undefined;
    if (expr?.kind() !== 'call_expression' || expr.field('function')?.kind() !== 'identifier') continue;
    const [arg] = expr.field('arguments')?.namedChildren() ?? [];
    if (!arg || arg.kind() !== 'identifier' || !usable.includes(arg.text())) continue;
    const name = expr.field('function')?.text() ?? '';
    const helper = call.getRoot().root().find({ rule: { kind: 'function_declaration', has: { field: 'name', regex: `^${escapeRe(name)}$` } } });
    if (helper && throwsUnlessAllowed(helper)) return { kind: 'allow-list', text: stmt.text().slice(0, 200), line: startLine(stmt) };
  }
  return null;
}
