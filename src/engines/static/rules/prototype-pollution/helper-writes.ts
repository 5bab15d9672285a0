// Prototype pollution, writes made by a call: `Object.defineProperty(o, k, { value: v })` (a defining write lands on
// Object.prototype like `o[k] = v` once a walk reached it), and a call of a setter helper the file declares — one
// whose body writes its argument object at its argument key with its argument value (`o[k] = v`, lodash's
// `assignValue(nested, key, newValue)` through `baseAssignValue`). The walk and merge shapes (walk.ts) read such a
// call as the write `o[k] = v`: a view of the call whose `left` is `o[k]` and `right` is `v`.
// Not a setter: a helper that writes a fixed key or a fresh object, one that refuses the dangerous keys (guard.ts), and
// a write only under `k === '__proto__'` — `defineProperty(o, '__proto__', …)` defines an own property and pollutes
// nothing, and no other key reaches it.
import type { SgNode } from '@ast-grep/napi';
import { argsOf, escapeRe, paramsOf } from '../../ast.ts';
import { callsWithCallee } from '../../name-index.ts';
import { keyGuardIn } from './guard.ts';
import { unwrap } from './keys.ts';
import { fileText } from './scope.ts';

/** A setter: which argument is the object, the key and the value. */
interface Setter { object: number; key: number; value: number }

const DEFINE = /^(?:(?:Object|Reflect)\.)?defineProperty$/;
/** A defineProperty whose key is not a literal (compiled modules' `defineProperty(exports, "__esModule", …)` is). */
export const COMPUTED_DEFINE = /defineProperty\s*\(\s*[^,()]+,\s*[^'"`\s]/;
const MAX_HELPER = 1500;

/** `defineProperty(o, k, { value: v, … })`: its object, key and value nodes. */
function definedValue(call: SgNode): [SgNode, SgNode, SgNode] | null {
  if (!DEFINE.test(call.field('function')?.text() ?? '')) return null;
  const [o, k, d] = argsOf(call);
  if (!o || !k || d?.kind() !== 'object') return null;
  for (const p of d.namedChildren()) {
    if (p.kind() === 'shorthand_property_identifier' && p.text() === 'value') return [o, k, p];
    if (p.kind() === 'pair' && (p.field('key')?.text() ?? '').replace(/['"]/g, '') === 'value') return [o, k, p.field('value') as SgNode];
  }
  return null;
}

/** The write sits in the branch of a test that the key is `__proto__` (`if (key == '__proto__' && …) …`). */
function onlyForProto(write: SgNode, fn: SgNode, key: string): boolean {
  const test = new RegExp(`(?:^|[^\\w$.])${escapeRe(key)}\\s*===?\\s*['"]__proto__['"]|['"]__proto__['"]\\s*===?\\s*${escapeRe(key)}(?![\\w$])`);
  for (let child = write, p = write.parent(); p && p.id() !== fn.id(); child = p, p = p.parent()) {
    if (p.kind() !== 'if_statement' && p.kind() !== 'ternary_expression') continue;
    const cond = p.field('condition');
    const yes = p.field('consequence');
    if (cond && yes?.id() === child.id() && test.test(cond.text()) && !/\|\|/.test(cond.text())) return true;
  }
  return false;
}

/** The argument positions a function writes `p_object[p_key] = p_value` by, directly or through a known setter. */
function setterOf(fn: SgNode, setters: ReadonlyMap<string, Setter>): Setter | null {
  // Its length from its range (UTF-16 units, as the text's), before copying the text of every large function.
  const { start, end } = fn.range();
  if (end.index - start.index > MAX_HELPER) return null;
  const text = fn.text();
  const callsSetter = [...setters.keys()].some((n) => text.includes(`${n}(`));
  const defines = text.includes('defineProperty');
  if (!(/\]\s*=[^=>]/.test(text) || defines || callsSetter)) return null;
  const params = paramsOf(fn).map((p) => (p.node.kind() === 'identifier' ? p.node.text() : ''));
  const at = (n: SgNode | null | undefined) => (n ? params.indexOf(unwrap(n).text()) : -1);
  const triples: [SgNode, number, number, number][] = [];
  for (const w of fn.findAll({ rule: { kind: 'assignment_expression', has: { field: 'left', kind: 'subscript_expression' } } })) {
    const left = w.field('left') as SgNode;
    triples.push([w, at(left.field('object')), at(left.field('index')), at(w.field('right'))]);
  }
  // Only a defineProperty or a known setter's call can be a write here: no call walk without one in the text.
  const calls = defines || callsSetter ? fn.findAll({ rule: { kind: 'call_expression' } }) : [];
  for (const call of calls) {
    const defined = definedValue(call);
    if (defined) triples.push([call, at(defined[0]), at(defined[1]), at(defined[2])]);
    const s = setters.get(call.field('function')?.text() ?? '');
    if (s) {
      const args = argsOf(call);
      triples.push([call, at(args[s.object]), at(args[s.key]), at(args[s.value])]);
    }
  }
  for (const [w, o, k, v] of triples) {
    if (o < 0 || k < 0 || v < 0 || onlyForProto(w, fn, params[k] as string)) continue;
    // The helper refuses the dangerous keys itself (its text, or a checking helper deciding a condition).
    if (keyGuardIn(fn)) return null;
    return { object: o, key: k, value: v };
  }
  return null;
}

const SETTERS = new WeakMap<object, Map<string, Setter>>();

/** The file's setter helpers by name, from its function declarations (a helper calling a setter is one too). */
function settersOf(root: SgNode, declared: readonly SgNode[]): Map<string, Setter> {
  const file = root.getRoot();
  let found = SETTERS.get(file);
  if (found) return found;
  found = new Map();
  for (let round = 0; round < 3; round++) {
    const before = found.size;
    for (const fn of declared) {
      const name = fn.field('name')?.text();
      if (!name || found.has(name)) continue;
      const s = setterOf(fn, found);
      if (s) found.set(name, s);
    }
    if (found.size === before) break;
  }
  SETTERS.set(file, found);
  return found;
}

/** A call seen as the write `o[k] = v` it makes: `left` is a subscript view over the call's object and key arguments,
 *  `right` its value; every other question goes to the call itself. */
function writeView(call: SgNode, object: SgNode, key: SgNode, value: SgNode): SgNode {
  const left = new Proxy(call, {
    get(target, prop) {
      if (prop === 'field') return (f: string) => (f === 'object' ? object : f === 'index' ? key : null);
      if (prop === 'kind') return () => 'subscript_expression';
      if (prop === 'text') return () => `${object.text()}[${key.text()}]`;
      const v = Reflect.get(target, prop) as unknown;
      return typeof v === 'function' ? (v as (...a: unknown[]) => unknown).bind(target) : v;
    },
  });
  return new Proxy(call, {
    get(target, prop) {
      if (prop === 'field') return (f: string) => (f === 'left' ? left : f === 'right' ? value : target.field(f as never));
      const v = Reflect.get(target, prop) as unknown;
      return typeof v === 'function' ? (v as (...a: unknown[]) => unknown).bind(target) : v;
    },
  });
}

/** The file's calls that write `o[k] = v` with a key not a literal — defineProperty and setter helpers — each as a
 *  view walk.ts reads like an assignment. */
export function callWrites(root: SgNode, declared: readonly SgNode[]): SgNode[] {
  const setters = settersOf(root, declared);
  // No setter helper and no defineProperty in the file: no call writes, and no whole-file walk to find them.
  if (setters.size === 0 && !COMPUTED_DEFINE.test(fileText(root))) return [];
  const names = ['defineProperty', ...setters.keys()].map(escapeRe).join('|');
  // From the file's call index (name-index.ts), which other readings of the file's calls share.
  const calls = callsWithCallee(root, new RegExp(`^(?:(?:Object|Reflect)\\.)?(?:${names})$`));
  const out: SgNode[] = [];
  for (const call of calls) {
    const defined = definedValue(call);
    const s = defined ? null : setters.get(call.field('function')?.text() ?? '');
    const args = argsOf(call);
    const [o, k, v] = defined ?? (s ? [args[s.object], args[s.key], args[s.value]] : []);
    if (!o || !k || !v || /^(?:string|number|template_string)$/.test(String(unwrap(k).kind()))) continue;
    out.push(writeView(call, o, k, v));
  }
  return out;
}
