// A helper named like an escaper that escapes nothing: `function quoteArg(s) { return '"' + s + '"' }` puts its
// argument between quote characters and hands it back unchanged, so `$(…)`, backticks and a closing quote inside
// still reach the shell or the code. Taint trusts a helper's name (quote, escape, sanitise, safe…) unless its body,
// written in this file, is only such wrapping; then the call is followed like any other helper. The other way round,
// a helper of any name that closes, escapes and reopens single quotes (`"'" + s.replace(/'/g, "'\\''") + "'"`)
// leaves nothing a POSIX shell interprets: its result is sanitised.
import type { SgNode } from '@ast-grep/napi';
import { paramsOf } from './ast.ts';
import { calleeDefinition, returnedValues } from './callees.ts';

// Literal text a wrapper may add: quote characters and spaces, nothing that escapes.
const QUOTES_ONLY = /^[\s'"`]*$/;

function literalQuotes(node: SgNode): boolean {
  const kind = node.kind();
  if (kind === 'string') return QUOTES_ONLY.test(node.text().slice(1, -1));
  return false;
}

/** The value is one of the parameters, as given or through `String(…)`. */
function isParam(node: SgNode, params: ReadonlySet<string>): boolean {
  if (node.kind() === 'identifier') return params.has(node.text());
  if (node.kind() === 'call_expression' && node.field('function')?.text() === 'String') {
    const args = node.field('arguments')?.namedChildren() ?? [];
    return args.length === 1 && isParam(args[0] as SgNode, params);
  }
  return false;
}

/** `'"' + s + '"'` or `` `"${s}"` ``: quote characters around a parameter, and nothing else. */
function wrapsInQuotes(value: SgNode, params: ReadonlySet<string>): boolean {
  const kind = value.kind();
  if (kind === 'parenthesized_expression') return value.namedChildren().length === 1 && wrapsInQuotes(value.namedChildren()[0] as SgNode, params);
  if (kind === 'template_string') {
    const subs = value.children().filter((c) => c.kind() === 'template_substitution');
    const text = value.children().filter((c) => c.kind() === 'string_fragment').map((c) => c.text()).join('');
    return subs.length === 1 && QUOTES_ONLY.test(text) && subs.every((s) => s.namedChildren().length === 1 && isParam(s.namedChildren()[0] as SgNode, params));
  }
  if (kind === 'binary_expression' && value.field('operator')?.text() === '+') {
    const leaves = [value.field('left'), value.field('right')].filter((n): n is SgNode => n !== null);
    return leaves.every((leaf) => literalQuotes(leaf) || isParam(leaf, params) || wrapsInQuotes(leaf, params));
  }
  return false;
}

/** True when `call` runs a helper defined in this file and every value it returns is `shape` of its parameters. */
function everyReturn(call: SgNode, shape: (value: SgNode, params: ReadonlySet<string>) => boolean): boolean {
  const fn = calleeDefinition(call);
  if (!fn) return false;
  const params = new Set(paramsOf(fn).map((p) => p.name));
  const values = returnedValues(fn);
  return values.length > 0 && values.every((v) => shape(v, params));
}

/** True when `call` runs a helper of this file that only puts quote characters around its argument. */
export function quotesWithoutEscaping(call: SgNode): boolean {
  return everyReturn(call, wrapsInQuotes);
}

// `s.replace(/'/g, "'\\''")` (or `'"'"'`): every single quote closed, escaped and reopened.
const SINGLE_QUOTE_RE = /^\/'\/g$/;
const REOPENED = /^(?:"'\\\\''"|'\\'\\\\\\'\\''|"'\\"'\\"'"|`'\\\\''`)$/;

function escapesQuotes(node: SgNode, params: ReadonlySet<string>): boolean {
  if (node.kind() !== 'call_expression') return false;
  const callee = node.field('function');
  const [pattern, replacement] = node.field('arguments')?.namedChildren() ?? [];
  const object = callee?.kind() === 'member_expression' ? callee.field('object') : null;
  return /^replace(All)?$/.test(callee?.field('property')?.text() ?? '') && object !== null && object !== undefined && isParam(object, params)
    && SINGLE_QUOTE_RE.test(pattern?.text() ?? '') && REOPENED.test(replacement?.text() ?? '');
}

/** `"'" + s.replace(/'/g, "'\\''") + "'"`: a single-quoted word with every quote inside escaped. */
function singleQuoted(value: SgNode, params: ReadonlySet<string>): boolean {
  if (value.kind() === 'parenthesized_expression') return value.namedChildren().length === 1 && singleQuoted(value.namedChildren()[0] as SgNode, params);
  if (value.kind() !== 'binary_expression') return false;
  const leaves: SgNode[] = [];
  const walk = (n: SgNode): void => {
    if (n.kind() === 'binary_expression' && n.field('operator')?.text() === '+') [n.field('left'), n.field('right')].forEach((c) => c && walk(c));
    else leaves.push(n);
  };
  walk(value);
  const first = leaves[0];
  const last = leaves.at(-1);
  return leaves.length === 3 && first?.text().slice(1, -1) === "'" && last?.text().slice(1, -1) === "'" && escapesQuotes(leaves[1] as SgNode, params);
}

/** True when `call` runs a helper of this file that single-quotes its argument with every quote inside escaped. */
export function singleQuoteEscaper(call: SgNode): boolean {
  return everyReturn(call, singleQuoted);
}
