// Prototype pollution: a recursive merge that descends into target[key] with keys taken from another
// object, or a set-by-path that walks obj = obj[key] — both without a __proto__/constructor/prototype guard.
import type { SgNode } from '@ast-grep/napi';
import { argsOf, endLine, escapeRe, FUNCTION_KINDS, functionName, startLine, symbolOf } from '../../ast.ts';
import type { Candidate, Detector, DetectorContext } from '../../types.ts';

const GUARD = /\bhas\.call\(|\w*hasown\w*\(|\b\w*(proto|pollut)\w*\s*\(|[!=]==?\s*Object\.prototype\b|\bif\s*\([^)]*\.(has|includes)\(\s*[\w$]+\s*\)\s*\)\s*(continue|return)\b|\b(forbidden|blocked|blocklist|denylist|dangerous|unsafe|reserved)\w*\.(has|includes)\(|__proto__|['"`]constructor['"`]|['"`]prototype['"`]|\bhasOwnProperty\b|Object\.hasOwn\b|Object\.create\(\s*null\s*\)|\bisSafeKey\b|\bisPrototypePolluted\b|\bforbidden\w*\.(has|includes)\(|\bblock\w*\.(has|includes)\(|\bdangerous\w*\.(has|includes)\(|\bunsafe\w*\.(has|includes)\(|Object\.defineProperty\(|\bisValidKey\b|\bnew Map\b|Object\.freeze\(\s*Object\.prototype/i;

/** The key variable walks another object's keys: for-in, or for-of / a callback over Object.keys/entries. */
function iteratesKeys(fn: SgNode, key: string): boolean {
  const text = fn.text();
  const k = escapeRe(key);
  if (new RegExp(`for\\s*\\(\\s*(?:const|let|var)?\\s*${k}\\s+in\\b`).test(text)) return true;
  if (!/Object\.(keys|entries|getOwnPropertyNames)\(|Reflect\.ownKeys\(/.test(text)) return false;
  return new RegExp(`for\\s*\\(\\s*(?:const|let|var)?\\s*\\[?\\s*${k}\\b[^)]*\\bof\\b|\\(\\s*\\[?\\s*${k}\\b[^)]*\\)\\s*=>|function\\s*\\(\\s*${k}\\b|\\b${k}\\s*=>`).test(text);
}

/** The variable is bound to a new object copied from another: a spread literal, Object.assign({}, …), structuredClone. */
function freshCopy(fnText: string, name: string): boolean {
  const v = escapeRe(name);
  return new RegExp(`\\b${v}\\s*=\\s*(?:\\{\\s*\\.\\.\\.|Object\\.assign\\(\\s*\\{\\s*\\}|structuredClone\\()`).test(fnText);
}

/** The subscript an identifier is bound to inside fn (`src = target[key]`, `var src = target[key]`), if any. */
function aliasOfSubscript(fn: SgNode, name: string): SgNode | null {
  const binding = fn.find({
    rule: {
      any: [
        { kind: 'assignment_expression', all: [{ has: { field: 'left', regex: `^${escapeRe(name)}$` } }, { has: { field: 'right', kind: 'subscript_expression' } }] },
        { kind: 'variable_declarator', all: [{ has: { field: 'name', regex: `^${escapeRe(name)}$` } }, { has: { field: 'value', kind: 'subscript_expression' } }] },
      ],
    },
  });
  return binding?.field('right') ?? binding?.field('value') ?? null;
}

/** `key = path[0]` and the recursion passes `path.slice(1)`: a path setter that recurses on the path's head. */
function pathHead(fn: SgNode, key: string, call: SgNode): boolean {
  const head = new RegExp(`\\b${escapeRe(key)}\\s*=\\s*([\\w$]+)\\[\\s*0\\s*\\]`).exec(fn.text());
  const path = head?.[1];
  return Boolean(path) && argsOf(call).some((a) => a.text().replace(/\s+/g, '') === `${path}.slice(1)`);
}

/** Recursive merge: fn(target[key], …) called from inside fn, and target[key] = … assigned in fn. */
function recursiveMerge(fn: SgNode, name: string): SgNode | null {
  const calls = fn.findAll({ rule: { kind: 'call_expression', has: { field: 'function', regex: `^(this\\.)?${escapeRe(name)}$` } } });
  for (const call of calls) {
    for (const passed of argsOf(call)) {
      // `src = target[key]; … merge(src, val)` passes target[key] under another name.
      const arg = passed.kind() === 'identifier' ? aliasOfSubscript(fn, passed.text()) ?? passed : passed;
      if (arg.kind() !== 'subscript_expression') continue;
      const index = arg.field('index');
      if (!index || index.kind() !== 'identifier' || !(iteratesKeys(fn, index.text()) || pathHead(fn, index.text(), call))) continue;
      const target = arg.text().replace(/\s+/g, '');
      // Writes into a fresh copy (`out = { ...out }`, Object.assign({}, …), structuredClone) never reach the
      // input or Object.prototype: a `__proto__` key can at most change that copy's own prototype.
      const base = arg.field('object');
      if (base?.kind() === 'identifier' && freshCopy(fn.text(), base.text())) continue;
      const assigned = fn.findAll({ rule: { kind: 'assignment_expression', has: { field: 'left', kind: 'subscript_expression' } } })
        .some((a) => a.field('left')?.text().replace(/\s+/g, '') === target);
      if (assigned) return call;
    }
  }
  return null;
}

/** Set-by-path: keys from .split(), a walk `cur = cur[key]…`, and a final write `cur[k] = value` whose key comes from the split path. */
function setByPath(fn: SgNode): SgNode | null {
  const text = fn.text();
  // Keys from a split, or from a path-splitting helper (split(prop, …), getPathSegments(path), toPath(path)).
  const sources = [...text.matchAll(/([\w$]+)\s*=\s*[^;\n]*?(?:\.split\(|\b([\w$]*(?:split|Split|[sS]egments|[tT]oPath|parsePath|pathParts)[\w$]*)\()/g)];
  // A path helper defined in this file that rejects dangerous segments guards every setter using it.
  if (sources.some((m) => m[2] && helperGuards(fn, m[2]))) return null;
  const splitVars = sources.map((m) => m[1] as string);
  if (splitVars.length === 0) return null;
  const fromSplit = (key: string): boolean => {
    if (splitVars.some((v) => new RegExp(`\\b${escapeRe(v)}\\b`).test(key))) return true;
    // A loop variable or alias bound from the split array: for (const k of keys), const last = keys[…].
    return /^[\w$]+$/.test(key) && splitVars.some((v) => new RegExp(`\\b${escapeRe(key)}\\s*(=[^=][^;\\n]*\\b|of\\s+)${escapeRe(v)}\\b`).test(text));
  };
  const walks = fn.findAll({ rule: { kind: 'assignment_expression', has: { field: 'left', kind: 'identifier' } } });
  for (const walk of walks) {
    const left = walk.field('left')?.text() ?? '';
    const right = walk.field('right');
    if (right?.kind() !== 'subscript_expression' || right.field('object')?.text() !== left) continue;
    const walkKey = right.field('index')?.text() ?? '';
    if (!fromSplit(walkKey)) continue;
    // The last computed write through the walked variable is the one that stores the caller's value.
    const write = fn.findAll({ rule: { kind: 'assignment_expression', has: { field: 'left', kind: 'subscript_expression', regex: `^${escapeRe(left)}\\s*\\[` } } }).at(-1);
    const writeKey = write?.field('left')?.field('index')?.text() ?? '';
    // Writing a clone at each level (cloneByPath) replaces the walked object with a fresh copy: nothing shared changes.
    if (write && /^[\w$.]*(clone|copy)\w*\(/i.test(write.field('right')?.text() ?? '')) continue;
    if (write && (writeKey === walkKey || fromSplit(writeKey))) return write;
  }
  return null;
}

/** The function declared under `name` in this file rejects __proto__-like keys (matches the key guard). */
function helperGuards(fn: SgNode, name: string, depth = 2): boolean {
  const root = fn.getRoot().root();
  const helper = root.find({ rule: { any: [{ kind: 'function_declaration', has: { field: 'name', regex: `^${escapeRe(name)}$` } }, { kind: 'variable_declarator', has: { field: 'name', regex: `^${escapeRe(name)}$` } }] } });
  if (!helper) return false;
  const text = helper.text();
  // The guard list itself usually sits at module level (const disallowedKeys = ['__proto__', …]).
  const list = /\b(?:disallowed|forbidden|blocked|dangerous|unsafe|reserved)\w*\b/i.exec(text);
  if (GUARD.test(text) || (list !== null && new RegExp(`\\b${escapeRe(list[0])}\\s*=\\s*\\[[^\\]]*__proto__`).test(root.text()))) return true;
  // One helper may delegate the check to another (getPathSegments → isValidPath).
  if (depth <= 1) return false;
  const called = new Set([...text.matchAll(/\b([\w$]+)\s*\(/g)].map((m) => m[1] as string).filter((n) => n !== name));
  return [...called].some((n) => helperGuards(fn, n, depth - 1));
}

/** The site belongs to fn itself or to an anonymous callback inside it, not to a named inner function. */
function ownedBy(site: SgNode, fn: SgNode): boolean {
  const target = fn.range().start.index;
  for (const a of site.ancestors()) {
    if (!FUNCTION_KINDS.has(String(a.kind()))) continue;
    if (a.range().start.index === target) return true;
    if (a.field('name') || a.parent()?.kind() !== 'arguments') return false;
  }
  return false;
}

const COMPUTED_WRITE = { kind: 'assignment_expression', has: { field: 'left', kind: 'subscript_expression', has: { field: 'index', not: { any: [{ kind: 'number' }, { kind: 'string' }] } } } };

/**
 * The functions holding a computed write (`obj[key] = …`) anywhere inside them, outermost first in source order: the
 * functions a `has … stopBy: 'end'` search over every function finds, from one walk for the writes and their ancestors
 * (that search looked through each function's whole subtree again, once per enclosing function).
 */
export function functionsWithComputedWrite(root: SgNode): SgNode[] {
  const seen = new Set<number>();
  const fns: SgNode[] = [];
  for (const write of root.findAll({ rule: COMPUTED_WRITE })) {
    for (let p = write.parent(); p; p = p.parent()) {
      const id = p.id();
      // Every ancestor of a node already walked was walked with it.
      if (seen.has(id)) break;
      seen.add(id);
      if (FUNCTION_KINDS.has(String(p.kind()))) fns.push(p);
    }
  }
  const at = (n: SgNode) => n.range();
  return fns.map((fn) => ({ fn, r: at(fn) })).sort((a, b) => a.r.start.index - b.r.start.index || b.r.end.index - a.r.end.index).map((x) => x.fn);
}

function run(ctx: DetectorContext): Candidate[] {
  const out: Candidate[] = [];
  for (const fn of functionsWithComputedWrite(ctx.root)) {
    const r = fn.range();
    if (r.end.index - r.start.index > 20000) continue;
    const text = fn.text();
    if (GUARD.test(text)) continue;
    const name = functionName(fn);
    // `var deepExtend = module.exports = function …` recurses under the variable's name.
    const declared = fn.parent()?.kind() === 'assignment_expression' && fn.parent()?.parent()?.kind() === 'variable_declarator' ? fn.parent()?.parent()?.field('name')?.text() : undefined;
    const hit = [name, declared].filter((n): n is string => Boolean(n) && /^[\w$.]+$/.test(n as string)).map((n) => recursiveMerge(fn, n.replace(/^.*\./, ''))).find(Boolean) ?? null;
    const found = hit ?? setByPath(fn);
    if (!found || !ownedBy(found, fn)) continue;
    const subject = `${name}: ${found.text()}`;
    out.push({
      ruleId: 'prototype-pollution',
      startLine: startLine(found),
      endLine: endLine(found),
      symbol: symbolOf(found),
      subject,
      detail: hit
        ? `\`${name}\` recurses into \`${found.text().slice(0, 80)}\` with keys copied from its input and never rejects __proto__.`
        : `\`${name}\` walks an object along a split path and writes \`${found.text().slice(0, 80)}\` without rejecting __proto__.`,
      structural: hit ? 'recursive merge into target[key] without a key guard' : 'set-by-path walk without a key guard',
    });
  }
  // One finding per site: an outer function containing the same write is not a second bug.
  const seen = new Set<string>();
  return out.filter((c) => (seen.has(`${c.startLine}:${c.subject.split(': ')[1]}`) ? false : (seen.add(`${c.startLine}:${c.subject.split(': ')[1]}`), true)));
}

export const prototypePollution: Detector = {
  order: 5,
  rules: ['prototype-pollution'],
  prefilter: /\[\s*[\w$]+\s*\]\s*=[^=]/,
  run,
};
