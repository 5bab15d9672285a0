// A function built from a library caller's code and handed back, not run: a compiler, or a deserializer of
// functions (js-yaml's !!js/function since 2.0.5), whose input is code by contract. It counts as handed back when
// the constructed function is not called where it is built and the code is the caller's value with only literal
// wrapping (parentheses, braces, `return`) or a slice of it. Concatenating an option into surrounding generated
// code (ejs's localsName, morgan's format) is not wrapping: that stays a finding.
import type { SgNode } from '@ast-grep/napi';
import { enclosingFunction, escapeRe, paramsOf } from '../ast.ts';
import { bindingValue } from '../taint.ts';

const WRAPPING = /^\s*(return\b)?[\s(){};]*$/;
const SLICES = /^(slice|substring|substr|trim)$/;

function literalText(node: SgNode): string | null {
  if (node.kind() === 'string') return node.text().slice(1, -1);
  if (node.kind() === 'template_string' && !node.text().includes('${')) return node.text().slice(1, -1);
  return null;
}

/** True when `node` (a `new Function(…)` / `Function(…)`) is called, `.call`ed or `.apply`d in its own function. */
function invokedInPlace(node: SgNode): boolean {
  let at = node;
  while (at.parent()?.kind() === 'parenthesized_expression') at = at.parent() as SgNode;
  const parent = at.parent();
  if (!parent) return false;
  if (parent.kind() === 'call_expression') return true;
  if (parent.kind() === 'member_expression' && /^(call|apply|bind)$/.test(parent.field('property')?.text() ?? '')) return true;
  const holder = parent.kind() === 'variable_declarator' ? parent.field('name') : parent.kind() === 'assignment_expression' ? parent.field('left') : null;
  if (holder?.kind() !== 'identifier') return false;
  const scope = enclosingFunction(node) ?? node.getRoot().root();
  const after = scope.text().slice(node.range().end.index - scope.range().start.index);
  return new RegExp(String.raw`\b${escapeRe(holder.text())}\s*(\.\s*(call|apply)\s*)?\(`).test(after);
}

/** The value is a parameter, or a parameter wrapped in literal punctuation / `return`, or sliced. */
function wrapsOnly(value: SgNode, depth: number): boolean {
  if (depth > 6) return false;
  const kind = value.kind();
  if (kind === 'parenthesized_expression') return value.namedChildren().length === 1 && wrapsOnly(value.namedChildren()[0] as SgNode, depth + 1);
  if (kind === 'binary_expression' && value.field('operator')?.text() === '+') {
    const leaves = [value.field('left'), value.field('right')].filter((n): n is SgNode => n !== null);
    return leaves.every((leaf) => {
      const text = literalText(leaf);
      return text === null ? wrapsOnly(leaf, depth + 1) : WRAPPING.test(text);
    });
  }
  if (kind === 'call_expression') {
    const callee = value.field('function');
    const object = callee?.kind() === 'member_expression' ? callee.field('object') : null;
    return object !== null && object !== undefined && SLICES.test(callee?.field('property')?.text() ?? '') && wrapsOnly(object, depth + 1);
  }
  if (kind !== 'identifier') return false;
  const fn = enclosingFunction(value);
  if (fn && paramsOf(fn).some((p) => p.name === value.text())) return true;
  const bound = bindingValue(value);
  return bound !== null && wrapsOnly(bound, depth + 1);
}

/** True when the function built from `body` is returned to the caller rather than run, and `body` is the caller's code. */
export function handedBackCode(node: SgNode, body: SgNode | undefined): boolean {
  return body !== undefined && !invokedInPlace(node) && wrapsOnly(body, 0);
}
