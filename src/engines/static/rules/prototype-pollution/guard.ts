// Prototype pollution, what counts as a guard. A check blocks the write only when it rejects `__proto__` and one word
// of the pair `constructor.prototype`: `__proto__` reaches Object.prototype in one step, `constructor.prototype` in two,
// so a check of `__proto__` alone leaves the second path open, and refusing either `constructor` or `prototype` closes
// it (with `constructor` refused only a function's own prototype is reachable; with `prototype` refused the walk stops
// at the constructor function) — enough for every write shape here (path setters, bracket writes, merges, parsers).
// Also guards: a target with no prototype (Object.create(null), a Map), a check that Object.prototype itself is being
// written or that the key is not in Object.prototype, an own-property check on the TARGET that skips inherited keys
// before descending (an own-property check on the SOURCE blocks nothing: JSON.parse makes `__proto__` an own key of
// the source), a checking helper called as a statement that throws, and a key check a list is filtered through.
import type { SgNode } from '@ast-grep/napi';
import { escapeRe } from '../../ast.ts';
import { calleeDefinition } from '../../callees.ts';
import { governs, type Guarded } from './governs.ts';
import { nullPrototypeState, nullPrototypeWalk } from './null-prototype.ts';
import { declarationsOf, fileMemo, fileText } from './scope.ts';
import { strictCode } from './strict.ts';
import { arrayKeyPassesCheck } from './type-confusion.ts';

/** Text that rejects (or names a helper or list that rejects) the dangerous keys, or makes them harmless. */
const STRUCTURAL = /\bin\s+Object\.prototype\b|Object\.create\(\s*null\s*\)|\bnew Map\b|Object\.freeze\(\s*Object\.prototype|[!=]==?\s*Object\.prototype\b|\bObject\.prototype\s*[!=]==?/;
/** A helper or list whose name says it screens keys; imported ones are taken at their word. */
const NAMED = /\b(?:is(?:Safe|Valid|Unsafe|Proto|Prototype|Dangerous|Forbidden|Allowed|Blocked)(?:Key|Prop|Property|Path|Segment)\w*|\w*[pP]ollut\w*|\w*(?:[sS]afeKey|[uU]nsafeKey|[pP]rotoKey)\w*)\s*\(|\b(?:forbidden|blocked|block|blocklist|denylist|dangerous|unsafe|reserved|disallowed|special(?:prop|key))\w*\.(?:has|includes|indexOf)\(/i;
/** `__proto__` with `constructor` or `prototype` named as strings (or in a regular expression) in one text: reaching
 *  Object.prototype takes `__proto__` or the pair `constructor.prototype`, so refusing either word of the pair closes it.
 *  A constant named for the word and compared with the key (`p === CONSTRUCTOR`, often imported) is taken at its word. */
function namesBoth(text: string): boolean {
  return /__proto__/.test(text) && /['"`/|(](?:constructor|prototype)\b|\b(?:constructor|prototype)['"`|)$]|[=!]==?\s*(?:[A-Z]+_)?(?:CONSTRUCTOR|PROTOTYPE)(?:_[A-Z]+)?\b|\b(?:[A-Z]+_)?(?:CONSTRUCTOR|PROTOTYPE)(?:_[A-Z]+)?\s*[=!]==?/.test(text);
}

/**
 * `__proto__` rejected, and the descent replaces whatever is not an object (`if (typeof t[k] !== 'object') t[k] = {}`,
 * `!isObject(t[k])`): `constructor` is a function, so the walk never enters it and `constructor.prototype` is closed.
 */
function protoAndObjectsOnly(text: string): boolean {
  return /__proto__/.test(text) && /typeof\s+[\w$.]+\[(?:[^[\]]|\[[^\]]*\])+\]\s*!==?\s*['"]object['"]|!\s*(?:[\w$]+\.)?is(?:Plain)?Object\(\s*[\w$.]+\[(?:[^[\]]|\[[^\]]*\])+\]\s*\)/.test(text);
}

/**
 * The file may hold a guard: every text guardText accepts (or usesGuardList, through a list naming __proto__) is part of
 * the file, and holds `__proto__` or a match of NAMED or STRUCTURAL — which, without their word boundaries, match the
 * whole file too. A file failing this has no helper that guards and no guarded caller check (helperGuards, keys.ts).
 */
const LOOSE = new RegExp(`__proto__|${NAMED.source.replaceAll('\\b', '')}|${STRUCTURAL.source.replaceAll('\\b', '')}`, 'i');
export function fileMayGuard(node: SgNode): boolean {
  return fileMemo(node, 'may guard', () => LOOSE.test(fileText(node)));
}

/** The text rejects both dangerous keys, or names a key screen, or makes the target prototype-free. */
export function guardText(text: string): boolean {
  return keyGuardText(text) || STRUCTURAL.test(text);
}

/** The text rejects the dangerous keys themselves (not only makes some target prototype-free): what a caller's check
 *  must do to cover the objects a helper it calls writes into. */
export function keyGuardText(text: string): boolean {
  return namesBoth(text) || protoAndObjectsOnly(text) || NAMED.test(text) || KEY_STRUCTURAL.test(text);
}
const KEY_STRUCTURAL = /\bin\s+Object\.prototype\b|[!=]==?\s*Object\.prototype\b|\bObject\.prototype\s*[!=]==?/;

/** A list at module level holding both dangerous keys, used in text (`if (BLOCKED.includes(k)) …`). */
function usesGuardList(fn: SgNode, text: string): boolean {
  // The list's declaration names __proto__ (namesBoth), so the file does.
  if (!fileText(fn).includes('__proto__')) return false;
  for (const m of text.matchAll(/\b([\w$]+)\s*\.\s*(?:includes|indexOf|has)\s*\(/g)) {
    const decl = declarationsOf(fn, 'variables').get(m[1] as string);
    if (decl && namesBoth(decl.text())) return true;
  }
  return false;
}

/** An own-property check of the target: `hasOwnProperty.call(t, k)`, `t.hasOwnProperty(k)`, `Object.hasOwn(t, k)`,
 *  `hasOwn(t, k)` — unless it only decides whether to create the missing key (`if (!has(t, k)) t[k] = {}`), which
 *  guards only with `freshBlocks`: `__proto__` refused in strict code, a fresh object made wherever the key is not the
 *  node's own shadows `constructor` (and all else inherited), so the walk never leaves objects of its own making. */
function ownCheckOf(text: string, targets: ReadonlySet<string>, freshBlocks = false, governing: (at: number) => boolean = () => true): boolean {
  for (const t of targets) {
    const v = escapeRe(t);
    // Also the target's own names listed and searched: `Object.getOwnPropertyNames(t).indexOf(k) == -1`.
    const check = new RegExp(`(?:hasOwnProperty\\.call|\\bhasOwn\\w*|\\b[\\w$]*[hH]as(?:Own\\w*)?(?:\\.call)?)\\)?\\(\\s*${v}\\s*,\\s*([^)]+)\\)|\\b${v}\\.hasOwnProperty\\(\\s*([^)]+)\\)|Object\\.(?:getOwnPropertyNames|keys)\\(\\s*${v}\\s*\\)\\.(?:indexOf|includes)\\(\\s*([^)]+)\\)`, 'g');
    for (const m of text.matchAll(check)) {
      const key = escapeRe((m[1] ?? m[2] ?? m[3] ?? '').trim());
      const at = m.index ?? 0;
      // A check that decides nothing on the way to the write (governs.ts) is no guard of it.
      if (!governing(at)) continue;
      const after = text.slice(at + m[0].length, at + m[0].length + 120);
      // `if (!has(t, k)) t[k] = {}` creates the missing key; the walk then reads it either way.
      // A branch that leaves (`{ t[k] = v; continue; }`) does not descend: the walk goes on only through own keys.
      const branch = /^[^{};]*?\)\s*(\{[^}]*\}|[^;]*;)/.exec(after)?.[1] ?? '';
      const creates = new RegExp(`^[^;{}]*?\\)\\s*\\{?\\s*${v}\\s*\\[\\s*${key}\\s*\\]\\s*=(?!=)\\s*(\\{\\s*\\}|\\[\\s*\\]|Object\\.create\\(\\s*null\\s*\\))?`).exec(after);
      if (/!\s*(?:Object\.prototype\.)?$/.test(text.slice(Math.max(0, at - 20), at)) && creates && !/\b(?:continue|return|break)\b/.test(branch)) {
        if (freshBlocks && creates[1]) return true;
        continue;
      }
      return true;
    }
  }
  return false;
}

/** The function declared under `name` in this file rejects __proto__-like keys (itself or through a helper it calls). */
export function helperGuards(fn: SgNode, name: string, depth = 2): boolean {
  if (!fileMayGuard(fn)) return false;
  const file = fn.getRoot();
  let memo = HELPERS.get(file);
  if (!memo) HELPERS.set(file, (memo = new Map()));
  const id = `${depth}:${name}`;
  const hit = memo.get(id);
  if (hit !== undefined) return hit;
  memo.set(id, false);
  const result = helperGuardsUncached(fn, name, depth);
  memo.set(id, result);
  return result;
}

const HELPERS = new WeakMap<object, Map<string, boolean>>();
function helperGuardsUncached(fn: SgNode, name: string, depth: number): boolean {
  const text = declarationsOf(fn, 'all').get(name)?.text();
  if (text === undefined) return false;
  if (guardText(text) || usesGuardList(fn, text)) return true;
  if (depth <= 1) return false;
  const called = new Set([...text.matchAll(/\b([\w$]+)\s*\(/g)].map((m) => m[1] as string).filter((n) => n !== name));
  return [...called].some((n) => helperGuards(fn, n, depth - 1));
}

/** `name(…)` is (a term of) an `if` or `while` condition: `if (name(k))`, `if (!name(k))`, `if (x && !name(k))`. */
function conditionCall(text: string, name: string): boolean {
  const n = escapeRe(name);
  return new RegExp(`\\b(?:if|while)\\s*\\(\\s*!?\\s*${n}\\s*\\(|(?:&&|\\|\\|)\\s*!?\\s*${n}\\s*\\(`).test(text);
}

/**
 * Any helper name, when the helper decides a condition: `if (badKey(k)) continue;`, `if (!allowed(k)) return;`,
 * `if (typeof v === 'object' && !unsafe(k))` — a yes-or-no answer about the key from a body rejecting the dangerous keys.
 */
function conditionHelper(fn: SgNode, text: string): boolean {
  if (!fileMayGuard(fn)) return false;
  // Every name called (one right after an opening parenthesis too: `if (badKey(k))`).
  const called = new Set([...text.matchAll(/(?<![.\w$])([\w$]+)\s*\(/g)].map((m) => m[1] as string));
  return [...called].some((n) => conditionCall(text, n) && helperRejectsKeys(fn, n));
}

/** The helper's own body rejects the dangerous keys by name (or through a list or a screen named for it) — not only
 *  compares something with Object.prototype or makes an object without one (`isTerminal(v)` reads a prototype). */
function helperRejectsKeys(fn: SgNode, name: string): boolean {
  const text = declarationsOf(fn, 'all').get(name)?.text();
  return text !== undefined && (namesBoth(text) || protoAndObjectsOnly(text) || NAMED.test(text) || usesGuardList(fn, text));
}

/** The function rejects the dangerous keys itself, in its text or through a checking helper deciding a condition:
 *  what a caller must do to cover the objects a private helper it calls writes into (callers.ts). */
export function keyGuardIn(fn: SgNode): boolean {
  const text = fn.text();
  return keyGuardText(text) || conditionHelper(fn, text);
}

/** The function (with the helpers it calls in this file) guards the writes into `targets` (`write`: the one write
 *  asked about, which an own-property check must stand in the way of). */
export function guarded(fn: SgNode, targets: ReadonlySet<string>, write?: Guarded): boolean {
  const text = fn.text();
  const governing = write ? (at: number) => governs(fn, at, write) : undefined;
  if (STRUCTURAL.test(text) || ownCheckOf(text, targets, /__proto__/.test(text) && strictCode(fn), governing) || nullPrototypeState(fn, text, targets) || nullPrototypeWalk(fn, targets)) return true;
  // The function's own check of the key's name: unless an array key from the caller passes it (type-confusion.ts);
  // a helper below may still screen the keys. A screen named for it (`isSafeKey(k)`, often imported) is taken at its
  // word, unless it is a list of this file whose entries are in sight (`BLOCKED.includes(k)`).
  const listed = usesGuardList(fn, text);
  if (NAMED.test(text) && !listed) return true;
  if ((keyGuardText(text) || listed) && !arrayKeyPassesCheck(fn, text, listed)) return true;
  const called = new Set([...text.matchAll(/(?:^|[^.\w$])([\w$]+)\s*\(/g)].map((m) => m[1] as string));
  if ([...called].some((n) => /^(?:is|check|assert|validate|ensure|safe)/i.test(n) && helperGuards(fn, n, 1))) return true;
  if (conditionHelper(fn, text)) return true;
  // A helper called as a statement acts only by throwing: `checkKey(k);` with a body that throws on the dangerous keys.
  // A helper handed to a list's filter/every/some keeps only the keys it accepts: `path.split('.').filter(validKey)`.
  const statements = [...text.matchAll(/(?:^|[;{}]|\)\s*\n)\s*([\w$]+)\s*\([^;{}]*\)\s*;/g)].map((m) => m[1] as string);
  if (statements.some((n) => helperGuards(fn, n, 1) && /\bthrow\b/.test(declarationsOf(fn, 'all').get(n)?.text() ?? ''))) return true;
  const screens = [...text.matchAll(/\.(?:filter|every)\(\s*([\w$]+)\s*\)/g)].map((m) => m[1] as string);
  return screens.some((n) => helperGuards(fn, n, 1)) || methodScreens(fn, text);
}

/** A call of a method on `this` (`this.check(path)`, `self.check(k)`): the cheap test before the walk for statements. */
const METHOD_CALL = /\b(?:this|self|that|_this)\s*\.\s*[\w$]+\s*\(/;

/**
 * A method of the library's own object called as a statement (`this.checkPath(parts);`, `self.checkKey(key);`) acts
 * only by throwing: it guards when its body throws and rejects the dangerous keys by name, through a checking helper
 * deciding a condition, or through another such method it calls (jsonpath's `_assert_safe_path_keys` → `_assert_safe_key`).
 */
function methodScreens(fn: SgNode, text: string, depth = 2): boolean {
  if (!METHOD_CALL.test(text) || !fileMayGuard(fn)) return false;
  const statements = fn.findAll({ rule: { kind: 'call_expression', inside: { kind: 'expression_statement' }, has: { field: 'function', kind: 'member_expression' } } });
  return statements.some((call) => {
    if (call.parent()?.kind() !== 'expression_statement') return false;
    const method = calleeDefinition(call);
    if (!method || method.id() === fn.id()) return false;
    const body = method.text();
    if (/\bthrow\b/.test(body) && (keyGuardText(body) || conditionHelper(method, body) || usesGuardList(method, body))) return true;
    return depth > 1 && methodScreens(method, body, depth - 1);
  });
}
