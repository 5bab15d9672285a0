// `this.path` inside a method: the value the constructor stored there (`function SendStream(req, path) {
// this.path = path }` with `SendStream.prototype.redirect = function () { … this.path … }`, or a class's
// constructor), or that another method of the object stores (a setter). Pure AST lookups; taint.ts classifies the
// stored value in the constructor's own scope, so a constructor parameter is followed to the `new Ctor(…)` calls like
// any other parameter.
import type { SgNode } from '@ast-grep/napi';
import { enclosingFunctions, escapeRe } from './ast.ts';

const PROTOTYPE_METHOD = /^([\w$]+)\.prototype\.[\w$]+$/;
// Functions with a `this` of their own whose reads of a field follow their own stores.
const OWN_STORES: ReadonlySet<string> = new Set(['function_declaration', 'function_expression']);

/** The constructor of the object a method's `this` is: the function `Ctor` of `Ctor.prototype.m = …`, or a class's constructor. */
function constructorOf(method: SgNode): SgNode | null {
  const parent = method.parent();
  if (parent?.kind() === 'assignment_expression') {
    const ctor = PROTOTYPE_METHOD.exec(parent.field('left')?.text() ?? '')?.[1];
    if (!ctor) return null;
    return method.getRoot().root().find({ rule: { kind: 'function_declaration', has: { field: 'name', regex: `^${escapeRe(ctor)}$` } } });
  }
  // Ctor.prototype = { m: function … } (or a shorthand method `m() {…}` there).
  const object = parent?.kind() === 'pair' ? parent.parent() : method.kind() === 'method_definition' && parent?.kind() === 'object' ? parent : null;
  const holder = object?.parent();
  if (object?.kind() === 'object' && holder?.kind() === 'assignment_expression') {
    const ctor = /^([\w$]+)\.prototype$/.exec(holder.field('left')?.text() ?? '')?.[1];
    return ctor ? method.getRoot().root().find({ rule: { kind: 'function_declaration', has: { field: 'name', regex: `^${escapeRe(ctor)}$` } } }) : null;
  }
  if (method.kind() === 'method_definition') {
    return parent?.find({ rule: { kind: 'method_definition', has: { field: 'name', regex: '^constructor$' } } }) ?? null;
  }
  return null;
}

/** The values the constructor assigns to `this.<field>` as statements of its own body, or [] when unknown. */
export function constructorFieldValues(member: SgNode): SgNode[] {
  if (member.field('object')?.kind() !== 'this') return [];
  const field = member.field('property')?.text();
  // The method whose `this` it is: the innermost non-arrow function (arrows keep the outer `this`).
  const method = enclosingFunctions(member).find((f) => f.kind() !== 'arrow_function');
  // Else the function itself, read after it stored the field: an ES5 constructor (`function Hash(h) { this.source =
  // h; this.source.match(…) }`, a class compiled to ES5), or any function storing before it reads.
  const ctor = method ? constructorOf(method) ?? (OWN_STORES.has(String(method.kind())) ? method : null) : null;
  const body = ctor?.field('body');
  if (!field || !body) return [];
  // Read inside the constructor itself: what it stored there before the read.
  const inside = ctor?.range().start.index === method?.range().start.index;
  const before = member.range().start.index;
  const values: SgNode[] = [];
  // `constructor(private text: string)`: a TypeScript parameter property stores its argument as this.text.
  const property = ctor?.field('parameters')?.namedChildren().find((p) => p.field('pattern')?.text() === field && p.children().some((c) => c.kind() === 'accessibility_modifier' || c.text() === 'readonly'));
  const stored = property?.field('pattern');
  if (stored) values.push(stored);
  for (const stmt of body.namedChildren()) {
    if (inside && stmt.range().end.index > before) break;
    const assign = stmt.kind() === 'expression_statement' ? stmt.namedChildren()[0] : undefined;
    if (assign?.kind() === 'assignment_expression' && assign.field('left')?.text() === `this.${field}`) {
      const value = assign.field('right');
      if (value) values.push(value);
    }
  }
  return values.slice(-4);
}

// Sibling methods looked at for what they store in a field.
const MAX_SIBLINGS = 24;

/** The other methods of the object a method's `this` is: the class body's, or the functions assigned to
 * `Ctor.prototype.*` (and written in `Ctor.prototype = { … }`) beside a prototype method. */
function siblingMethods(method: SgNode): SgNode[] {
  const parent = method.parent();
  if (method.kind() === 'method_definition' && parent?.kind() === 'class_body') return parent.children().filter((c) => c.kind() === 'method_definition');
  const ctor = parent?.kind() === 'assignment_expression' ? PROTOTYPE_METHOD.exec(parent.field('left')?.text() ?? '')?.[1] : undefined;
  if (!ctor) return [];
  const root = method.getRoot().root();
  return root.findAll({ rule: { kind: 'assignment_expression', has: { field: 'left', regex: `^${escapeRe(ctor)}\\.prototype\\.[\\w$]+$` } } })
    .flatMap((a) => { const fn = a.field('right'); return fn && /^(function_expression|function|arrow_function)$/.test(String(fn.kind())) ? [fn] : []; });
}

/** The values other methods than the constructor store in `this.<field>` as statements of their own bodies (a setter's
 * `setInput(s) { this.input = s; }`, a stream parser's `write(chunk) { this.buffer = chunk; }`); [] when none. */
export function methodFieldValues(member: SgNode): SgNode[] {
  if (member.field('object')?.kind() !== 'this') return [];
  const field = member.field('property')?.text();
  const method = enclosingFunctions(member).find((f) => f.kind() !== 'arrow_function');
  if (!field || !method) return [];
  const values: SgNode[] = [];
  for (const sibling of siblingMethods(method).slice(0, MAX_SIBLINGS)) {
    if (sibling.range().start.index === method.range().start.index || sibling.field('name')?.text() === 'constructor') continue;
    const body = sibling.field('body');
    for (const stmt of body?.kind() === 'statement_block' ? body.namedChildren() : []) {
      const assign = stmt.kind() === 'expression_statement' ? stmt.namedChildren()[0] : undefined;
      const value = assign?.kind() === 'assignment_expression' && assign.field('left')?.text() === `this.${field}` ? assign.field('right') : null;
      if (value) values.push(value);
    }
  }
  return values.slice(-4);
}
