// `this` as a library's caller text: a method a library installs on String.prototype (`String.prototype.words =
// function () { … this.replace(…) … }`, or written inside the arguments of `Object.extend(String.prototype, …)` /
// `Object.assign(String.prototype, {…})`, an IIFE's returned table included) runs on whatever string the
// application calls it on. Only String's own prototype: `this` in any other method is an object, not text.
import type { SgNode } from '@ast-grep/napi';
import { enclosingFunctions, memoOnNode, startLine } from '../../ast.ts';
import type { SourceFacts } from '../../types.ts';
import { receiver } from './configuration.ts';

const STRING_PROTO = /^String\.prototype$/;
const STRING_PROTO_MEMBER = /^String\.prototype\.([\w$]+)$/;

/** The calls in the file that extend String.prototype with an object (`Object.extend(String.prototype, …)`). */
function extendingCalls(root: SgNode): SgNode[] {
  return memoOnNode(root, 'string prototype extensions', () =>
    root.findAll({ rule: { kind: 'call_expression', has: { field: 'arguments', has: { kind: 'member_expression', regex: '^String\\.prototype$' } } } })
      .filter((c) => c.field('arguments')?.namedChildren().some((a) => STRING_PROTO.test(a.text())) ?? false));
}

/** The name fn is installed by on String.prototype, or null. */
function installedName(fn: SgNode): string | null {
  const parent = fn.parent();
  const assigned = parent?.kind() === 'assignment_expression' ? STRING_PROTO_MEMBER.exec(parent.field('left')?.text() ?? '')?.[1] : undefined;
  if (assigned) return assigned;
  const { start, end } = fn.range();
  const inside = extendingCalls(fn.getRoot().root()).some((c) => {
    const args = c.field('arguments')?.range();
    return args !== undefined && args.start.index <= start.index && end.index <= args.end.index;
  });
  return inside ? fn.field('name')?.text() ?? (parent?.kind() === 'pair' ? parent.field('key')?.text() ?? 'method' : 'method') : null;
}

/** When subject is `this` (or a chain on it) in a String.prototype method: the caller's string as a library source. */
export function stringPrototypeThis(subject: SgNode): SourceFacts | null {
  if (receiver(subject).kind() !== 'this') return null;
  // `this` is the innermost non-arrow function's.
  const fn = enclosingFunctions(subject).find((f) => f.kind() !== 'arrow_function');
  const name = fn ? installedName(fn) : null;
  if (!fn || name === null) return null;
  const via = `the string \`String.prototype.${name}\` is called on`;
  return { kind: 'param', via, names: ['this'], api: `String.prototype.${name}(this)`, steps: [{ line: startLine(fn), note: `source: ${via}` }] };
}
