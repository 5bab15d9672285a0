// A pattern the library builds from its caller's text (a glob, a topic, a route turned into a regular expression):
// `'^' + expected.replace(/\*/g, '([^.]+)').replace(/#/g, '([^.]+\.?)+') + '$'`. The whole pattern cannot be told
// from the file, but the constant sub-patterns written into it can: one that backtracks exponentially on its own
// (`([^.]+\.?)+`, judged as `^(?:…)$`) does so wherever the caller's text puts it. Only exponential fragments count:
// a translator inserting `[^/]*` per wildcard is linear per fragment, and what repeating it costs depends on the
// caller's own pattern.
import type { SgNode } from '@ast-grep/napi';
import { argsOf } from '../../ast.ts';
import { bindingValue } from '../../taint.ts';
import { withoutLoops } from '../../matchers/regex-shape.ts';
import { constantString, type RegexValue } from './regex-value.ts';

const MAX_DEPTH = 4;
const MAX_FRAGMENTS = 6;

/** The constant fragments `node` builds a pattern from: `+` operands, template parts, replacement strings. */
function fragments(node: SgNode | null, depth: number, into: SgNode[]): void {
  if (!node || depth > MAX_DEPTH || into.length >= MAX_FRAGMENTS) return;
  switch (node.kind()) {
    case 'identifier':
      return fragments(bindingValue(node), depth + 1, into);
    case 'parenthesized_expression':
      return fragments(node.namedChildren()[0] ?? null, depth + 1, into);
    case 'binary_expression':
      if (node.field('operator')?.text() !== '+') return;
      fragments(node.field('left'), depth + 1, into);
      fragments(node.field('right'), depth + 1, into);
      return;
    case 'string':
      into.push(node);
      return;
    case 'call_expression': {
      // `x.replace(/#/g, '([^.]+\.?)+')`: the replacement written into the caller's text, then the chain before it.
      const callee = node.field('function');
      const method = callee?.kind() === 'member_expression' ? callee.field('property')?.text() ?? '' : '';
      if (!/^(replace|replaceAll)$/.test(method)) return;
      const replacement = argsOf(node)[1];
      if (replacement?.kind() === 'string') into.push(replacement);
      fragments(callee?.field('object') ?? null, depth + 1, into);
      return;
    }
    default:
  }
}

/** A JavaScript-valid pattern (recheck is asked nothing it cannot parse). */
function parses(source: string): boolean {
  try {
    new RegExp(source);
    return true;
  } catch {
    return false;
  }
}

/** Whether node is a pattern built from something other than constants (a parameter's text with constant parts). */
function builtFromValue(node: SgNode): boolean {
  const value = node.kind() === 'identifier' ? bindingValue(node) : node;
  return value !== null && constantString(value) === null && /^(binary_expression|call_expression|template_string)$/.test(String(value.kind()));
}

/** The constant fragments with loops of a pattern built from the caller's text, each as a pattern of its own. */
export function builtFragments(node: SgNode): RegexValue[] {
  if (!builtFromValue(node)) return [];
  const found: SgNode[] = [];
  fragments(node, 0, found);
  return found.flatMap((f) => {
    const text = constantString(f);
    if (text === null || withoutLoops(text, '') || !parses(text)) return [];
    return [{ source: `^(?:${text})$`, flags: '', def: f }];
  });
}

/** The argument of `new RegExp(x, …)` when it is no constant (the pattern string built by the library), or node. */
export function builtSource(node: SgNode): SgNode {
  const value = node.kind() === 'identifier' ? bindingValue(node) ?? node : node;
  const ctor = value.kind() === 'new_expression' ? value.field('constructor') : value.kind() === 'call_expression' ? value.field('function') : null;
  return ctor?.text() === 'RegExp' ? argsOf(value)[0] ?? node : node;
}
