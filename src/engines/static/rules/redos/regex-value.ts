// Which regular expressions an expression applied as a pattern denotes, read from the file without running it: a
// literal; `new RegExp(…)` or `RegExp(…)` of a constant string; an identifier or an object-literal property bound to
// one (a module-level table); either branch of `c ? a : b` or `a || b`. A constant string is a literal, a template
// without substitutions, a `+` of constants, a name bound to one, or `[…constants].join(constant)` (an alternation
// table). Anything else (a pattern built from a parameter) is not resolved: no verdict is guessed for it.
import type { SgNode } from '@ast-grep/napi';
import { argsOf } from '../../ast.ts';
import { bindingValue } from '../../taint.ts';
import { propertyValues } from '../../properties.ts';

/** One resolved pattern and the node that writes it (cited beside the call when it stands elsewhere). */
export interface RegexValue { source: string; flags: string; def: SgNode }

const MAX_DEPTH = 6;
// Branches followed per expression: a ternary of tables should not fan out into dozens of verdicts.
const MAX_VALUES = 4;

/** The text of a JS string literal node, or null when it cannot be read. */
function stringText(node: SgNode): string | null {
  const raw = node.text();
  const body = raw.slice(1, -1);
  const quoted = raw.startsWith("'") ? `"${body.replace(/\\'/g, "'").replace(/(^|[^\\])((?:\\\\)*)"/g, '$1$2\\"')}"` : raw;
  try {
    const value: unknown = JSON.parse(quoted);
    return typeof value === 'string' ? value : null;
  } catch {
    return null;
  }
}

/** The value of an expression that is a constant string, or null. */
export function constantString(node: SgNode | null | undefined, depth = 0): string | null {
  if (!node || depth > MAX_DEPTH) return null;
  switch (node.kind()) {
    case 'string':
      return stringText(node);
    case 'template_string':
      return node.find({ rule: { kind: 'template_substitution' } }) ? null : node.text().slice(1, -1).replace(/\\`/g, '`');
    case 'parenthesized_expression':
      return constantString(node.namedChildren()[0], depth + 1);
    case 'identifier':
      return constantString(bindingValue(node), depth + 1);
    case 'binary_expression': {
      if (node.field('operator')?.text() !== '+') return null;
      const left = constantString(node.field('left'), depth + 1);
      const right = left === null ? null : constantString(node.field('right'), depth + 1);
      return left !== null && right !== null ? left + right : null;
    }
    case 'call_expression': {
      const callee = node.field('function');
      if (callee?.kind() !== 'member_expression' || callee.field('property')?.text() !== 'join') return null;
      let list = callee.field('object') ?? null;
      if (list?.kind() === 'identifier') list = bindingValue(list);
      if (list?.kind() !== 'array') return null;
      const [sepNode] = argsOf(node);
      const sep = sepNode ? constantString(sepNode, depth + 1) : ',';
      const items = list.namedChildren().filter((c) => c.kind() !== 'comment').map((c) => constantString(c, depth + 1));
      return sep !== null && items.every((s): s is string => s !== null) ? items.join(sep) : null;
    }
    default:
      return null;
  }
}

/** The patterns `node` may denote where it is applied; [] when none can be told. */
export function regexValues(node: SgNode | null | undefined, depth = 0): RegexValue[] {
  if (!node || depth > MAX_DEPTH) return [];
  switch (node.kind()) {
    case 'regex':
      return [{ source: node.field('pattern')?.text() ?? '', flags: node.field('flags')?.text() ?? '', def: node }];
    case 'parenthesized_expression':
      return regexValues(node.namedChildren()[0], depth + 1);
    case 'identifier':
      return regexValues(bindingValue(node), depth + 1);
    case 'ternary_expression':
      return [node.field('consequence'), node.field('alternative')].flatMap((b) => regexValues(b, depth + 1)).slice(0, MAX_VALUES);
    case 'binary_expression': {
      const op = node.field('operator')?.text();
      return op === '||' || op === '??' ? [node.field('left'), node.field('right')].flatMap((b) => regexValues(b, depth + 1)).slice(0, MAX_VALUES) : [];
    }
    case 'member_expression': {
      const object = node.field('object');
      const prop = node.field('property')?.text();
      if (object?.kind() !== 'identifier' || !prop) return [];
      const held = propertyValues(object, prop, node, bindingValue(object)) ?? [];
      return held.flatMap((v) => regexValues(v, depth + 1)).slice(0, MAX_VALUES);
    }
    case 'new_expression':
    case 'call_expression': {
      const ctor = node.field(node.kind() === 'new_expression' ? 'constructor' : 'function')?.text();
      if (ctor !== 'RegExp') return [];
      const [src, flags] = argsOf(node);
      const source = constantString(src);
      const flagText = flags ? constantString(flags) : '';
      return source !== null && flagText !== null ? [{ source, flags: flagText, def: node }] : [];
    }
    default:
      return [];
  }
}
