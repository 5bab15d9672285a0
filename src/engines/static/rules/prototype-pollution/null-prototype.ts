// Prototype pollution, targets with no prototype: a write into an object made by Object.create(null) — and a walk whose
// every level is such an object — cannot reach Object.prototype (`__proto__`, `constructor` and `prototype` do not
// resolve on it). Which values count: Object.create(null); a step of the walk (`t = t[k]`, a level of such a table);
// a file-local helper whose result is one (`createTable()`: it returns Object.create(null), or only names that hold
// one); and the parameter of a private function every call of which in the file passes one. A plain `{}` anywhere
// along the walk lets `__proto__` through, so it is no guard. guard.ts asks these questions.
import type { SgNode } from '@ast-grep/napi';
import { FUNCTION_KINDS, argsOf, escapeRe } from '../../ast.ts';
import { declarationsOf, fileText, nearestAncestor, privateCalls, scopeIndex } from './scope.ts';

/**
 * The written object starts at instance state the file only ever creates without a prototype: `obj = this.vars` with
 * every `this.vars = …` in the file `Object.create(null)` (a scope table the class owns). `__proto__`, `constructor`
 * and `prototype` do not resolve on it, as with a local `Object.create(null)` target.
 */
export function nullPrototypeState(fn: SgNode, text: string, targets: ReadonlySet<string>): boolean {
  const fields = new Set<string>();
  for (const t of targets) {
    for (const m of text.matchAll(new RegExp(`(?:^|[^.\\w$])${escapeRe(t)}\\s*=\\s*this\\.([\\w$]+)\\s*[;,\\n]`, 'g'))) fields.add(m[1] as string);
  }
  if (fields.size === 0) return false;
  const file = fileText(fn);
  return [...fields].every((f) => {
    const sets = [...file.matchAll(new RegExp(`\\bthis\\.${escapeRe(f)}\\s*=(?!=)\\s*([^;\\n]*)`, 'g'))].map((m) => (m[1] as string).trim());
    return sets.length > 0 && sets.every((v) => /^Object\.create\(\s*null\s*\)$/.test(v));
  });
}

const MAX_DEPTH = 10;
const isFunction = (n: SgNode): boolean => FUNCTION_KINDS.has(String(n.kind()));
const NULL_OBJECT = /^Object\.create\(\s*null\s*\)$/;
const STEP = /^[\w$]+\s*\[(?:[^[\]]|\[[^\]]*\])+\]$/;

/** The answers of one question (one write's targets): names by the function they were resolved in, helpers by name. */
class NullPrototypes {
  private readonly seen = new Set<string>();
  private readonly makers = new Map<string, boolean>();

  constructor(private readonly file: SgNode) {}

  /** Every value `name` takes where `ctx` sees it (its own assignments in ctx, else the file's) has no prototype. */
  name(ctx: SgNode, name: string, depth: number): boolean {
    const id = `${ctx.id()}:${name}`;
    // A name met again along its own values (`table = next`, `next = table[k]`) adds no other value.
    if (this.seen.has(id)) return true;
    if (depth > MAX_DEPTH) return false;
    this.seen.add(id);
    const param = isFunction(ctx) ? scopeIndex(ctx).paramsOf(ctx).findIndex((p) => p.bound.has(name)) : -1;
    // A parameter is the caller's object: only a private function's callers, all passing a prototype-free object, say what it is.
    if (param >= 0 && !this.callersPass(ctx, param, depth)) return false;
    const v = escapeRe(name);
    // Every value the variable takes: the assignments in the function that declares it (its closures' included), else
    // in the file.
    const declares = new RegExp(`\\b(?:var|let|const)\\s+${v}(?![\\w$])`);
    let owner: SgNode | undefined = ctx;
    while (param < 0 && owner && !(isFunction(owner) && (declares.test(owner.text()) || scopeIndex(owner).paramsOf(owner).some((p) => p.bound.has(name))))) owner = nearestAncestor(owner, isFunction);
    const assigned = new RegExp(`(?:^|[^.\\w$])${v}\\s*=(?![=>])\\s*([^;\\n]+)`, 'g');
    const found = [...(owner ?? this.file).text().matchAll(assigned)];
    // A parameter nothing reassigns holds what the callers pass.
    if (param >= 0 && found.length === 0) return true;
    const values = found.map((m) => (m[1] as string).trim().replace(/,$/, ''));
    return values.length > 0 && values.every((value) => this.value(ctx, value, depth));
  }

  /** A value's text, as `ctx` sees it, is an object with no prototype. */
  private value(ctx: SgNode, value: string, depth: number): boolean {
    const call = /^([\w$]+)\s*\(/.exec(value);
    if (call) return this.maker(call[1] as string, depth);
    if (NULL_OBJECT.test(value)) return true;
    // A level of a table with no prototype: `t[k]` where t is one (met again along a walk, `next = table[k]`).
    if (STEP.test(value)) return this.name(ctx, /^[\w$]+/.exec(value)?.[0] ?? '', depth + 1);
    return /^[\w$]+$/.test(value) && this.name(ctx, value, depth + 1);
  }

  /** The file-local function `name` returns an object with no prototype: Object.create(null), or names holding one. */
  private maker(name: string, depth: number): boolean {
    const hit = this.makers.get(name);
    if (hit !== undefined) return hit;
    this.makers.set(name, false);
    const fn = declarationsOf(this.file, 'functions').get(name);
    const body = fn?.text() ?? '';
    let result = /\breturn\s+Object\.create\(\s*null\s*\)|=\s*Object\.create\(\s*null\s*\)/.test(body);
    if (!result && fn && depth < MAX_DEPTH) {
      // Its own returns (not those of functions inside it), each a name or call resolved inside it.
      const returns = fn.findAll({ rule: { kind: 'return_statement' } }).filter((r) => nearestAncestor(r, isFunction)?.id() === fn.id());
      result = returns.length > 0 && returns.every((r) => {
        const returned = r.namedChildren().find((c) => c.kind() !== 'comment');
        return returned !== undefined && this.value(fn, returned.text(), depth + 1);
      });
    }
    this.makers.set(name, result);
    return result;
  }

  /**
   * `fn` is a function declaration the file never exports or hands on (its name appears only where it is declared and
   * called), called from outside itself at least once, and every call passes an object with no prototype as argument
   * `index` (its own recursive calls too: a step into such an object is one).
   */
  private callersPass(fn: SgNode, index: number, depth: number): boolean {
    const calls = privateCalls(fn);
    if (!calls) return false;
    return calls.every((call) => {
      const arg = argsOf(call)[index];
      if (!arg) return false;
      const caller = nearestAncestor(call, isFunction) ?? this.file;
      return this.value(caller, arg.text(), depth + 1);
    });
  }
}

/**
 * Every object the write can land in is made without a prototype: each value the written names take in the function
 * (or, for a name from an enclosing function, in the file) has none (see the file's header).
 */
export function nullPrototypeWalk(fn: SgNode, targets: ReadonlySet<string>): boolean {
  const names = [...targets].filter((t) => /^[\w$]+$/.test(t) && t !== 'this');
  if (names.length === 0) return false;
  const answers = new NullPrototypes(fn.getRoot().root());
  return names.every((t) => answers.name(fn, t, 0));
}
