// A library whose API hands out a pattern: `module.exports = () => /…/g`, `exports.EMAIL = /…/`, an exported function
// returning `new RegExp(table.join('|'))`. Its callers apply the pattern to their own text (that is what the library is
// for: ansi-regex, the *-regex packages), so a slow pattern is the library's ReDoS though no line of it applies the
// pattern. Cited at the pattern. Only what regexValues reads from constants counts; a pattern the function builds from
// its parameters is the caller's. Not in a file that applies the same pattern itself: matcher.ts judges the
// application there, with its source.
import type { SgNode } from '@ast-grep/napi';
import { enclosingFunction, startLine } from '../../ast.ts';
import { exportedApi } from '../../exports.ts';
import { regexValues, type RegexValue } from './regex-value.ts';

/** A pattern the library hands out, and the API that hands it out (`ansiRegex()`, `exports.EMAIL`). */
export interface HandedPattern { re: RegexValue; api: string }

// Files that may hand a pattern out: one returned, an arrow's body, or assigned to an export (directly or as a property
// of an exported object literal). The library prefilter asks it of every library file, so it is one cheap search.
const PATTERN_START = String.raw`(?:\/[^/*\s]|new\s+RegExp\b|RegExp\s*\()`;
export const HANDS_OUT = new RegExp(String.raw`(?:\breturn|=>|\bexports(?:\.[\w$]+)?\s*=|\bexport\s+(?:const\s+[\w$]+\s*=|default)|(?:^|[{,])\s*[\w$]+\s*:)\s*${PATTERN_START}`, 'm');
const PATTERN_NODES = { rule: { any: [{ kind: 'regex' }, { kind: 'new_expression', has: { field: 'constructor', regex: '^RegExp$' } }, { kind: 'call_expression', has: { field: 'function', regex: '^RegExp$' } }] } };
// `module.exports = X`, `exports.N = X`, `module.exports.N = X`.
const EXPORT_TARGET = /^(module\.exports|exports)(\.[\w$]+)?$|^module\.exports\.[\w$]+$/;

/** Where a node's value leaves the file: the export it is assigned to, or the exported function returning it. */
function handedOutAs(node: SgNode, hops = 0): string | null {
  if (hops > 3) return null;
  const parent = node.parent();
  if (!parent) return null;
  switch (parent.kind()) {
    case 'parenthesized_expression':
      return handedOutAs(parent, hops);
    case 'return_statement': {
      const fn = enclosingFunction(parent);
      return fn ? functionApi(fn) : null;
    }
    case 'arrow_function':
      // `() => /…/g`: the arrow's expression body is its return.
      return parent.field('body')?.id() === node.id() ? functionApi(parent) : null;
    case 'assignment_expression': {
      const left = parent.field('left')?.text() ?? '';
      return parent.field('right')?.id() === node.id() && EXPORT_TARGET.test(left) ? left : null;
    }
    case 'pair': {
      // `module.exports = { EMAIL: /…/ }`.
      const obj = parent.parent();
      const key = parent.field('key')?.text() ?? '';
      const out = obj?.kind() === 'object' ? handedOutAs(obj, hops + 1) : null;
      return out && !out.endsWith('()') ? `${out}.${key}` : null;
    }
    case 'variable_declarator': {
      const name = parent.field('name');
      if (name?.kind() !== 'identifier') return null;
      const decl = parent.parent();
      if (decl?.parent()?.kind() === 'export_statement') return name.text();
      // `const pattern = /…/; … return pattern` or `exports.P = pattern`: the binding's uses in its scope.
      return usesHandedOut(decl?.parent() ?? null, name.text(), hops);
    }
    case 'export_statement':
      return 'export default';
    default:
      return null;
  }
}

/** A use of `name` in `scope` that leaves the file (returned by an exported function, assigned to an export). */
function usesHandedOut(scope: SgNode | null, name: string, hops: number): string | null {
  if (!scope) return null;
  for (const use of scope.findAll({ rule: { kind: 'identifier', regex: `^${name}$` } })) {
    const p = use.parent();
    if (p?.kind() === 'variable_declarator' && p.field('name')?.id() === use.id()) continue;
    const out = handedOutAs(use, hops + 1);
    if (out) return out;
  }
  return null;
}

function functionApi(fn: SgNode): string | null {
  const api = exportedApi(fn);
  return api ? `${api}()` : null;
}

/** Every constant pattern the library file hands out to its callers, each once. */
export function handedPatterns(root: SgNode, content: string): HandedPattern[] {
  if (!HANDS_OUT.test(content)) return [];
  const out: HandedPattern[] = [];
  const seen = new Set<string>();
  for (const node of root.findAll(PATTERN_NODES)) {
    const api = handedOutAs(node);
    if (!api) continue;
    for (const re of regexValues(node)) {
      const key = `${startLine(re.def)}/${re.flags}/${re.source}`;
      if (seen.has(key)) continue;
      seen.add(key);
      out.push({ re, api });
    }
  }
  return out;
}
