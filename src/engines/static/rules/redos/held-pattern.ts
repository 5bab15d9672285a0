// Patterns an object holds rather than a name binds: a class field (`re = /…/`, `static RE = /…/`), what the
// constructor stores (`this.re = /…/`), a property of the constructor's prototype (`Ctor.prototype.re = /…/`,
// `Ctor.prototype = { re: /…/ }`) or of the class or constructor function itself (`Parser.RE = /…/`). Read where
// the library applies `this.re` in a method (a static method's `this` is the class) or `Parser.RE` anywhere, with
// Parser a class or function the file declares. Every value written there may be the one applied.
import type { SgNode } from '@ast-grep/napi';
import { enclosingFunctions, escapeRe } from '../../ast.ts';
import { constructorFieldValues } from '../../this-fields.ts';
import { assignedIn } from '../../properties.ts';
import { ownValue } from './pattern-lists.ts';

const CLASS = /^(class_declaration|class|abstract_class_declaration)$/;
const PROTOTYPE_MEMBER = /^([\w$]+)\.prototype\.[\w$]+$/;
const PROTOTYPE = /^([\w$]+)\.prototype$/;
// Values read per held property at most.
const MAX_VALUES = 8;

const isStatic = (node: SgNode): boolean => node.children().some((c) => c.text() === 'static');

/** The values a class body's fields named prop are initialised with (static ones or instance ones). */
function fieldValues(cls: SgNode, prop: string, statics: boolean): SgNode[] {
  const body = cls.field('body');
  return (body?.children() ?? []).flatMap((f) => {
    if (!/^(public_)?field_definition$/.test(String(f.kind())) || isStatic(f) !== statics || (f.field('property') ?? f.field('name'))?.text() !== prop) return [];
    const value = f.field('value');
    return value ? [value] : [];
  });
}

/** The class whose body holds a method, or null. */
function classOf(method: SgNode): SgNode | null {
  const body = method.kind() === 'method_definition' ? method.parent() : null;
  const cls = body?.kind() === 'class_body' ? body.parent() : null;
  return cls && CLASS.test(String(cls.kind())) ? cls : null;
}

/** `Ctor` of a method written as `Ctor.prototype.m = function …` or inside `Ctor.prototype = { … }`, or ''. */
function prototypeOwner(method: SgNode): string {
  const parent = method.parent();
  if (parent?.kind() === 'assignment_expression') return PROTOTYPE_MEMBER.exec(parent.field('left')?.text() ?? '')?.[1] ?? '';
  const object = parent?.kind() === 'pair' ? parent.parent() : method.kind() === 'method_definition' && parent?.kind() === 'object' ? parent : null;
  const holder = object?.parent();
  return holder?.kind() === 'assignment_expression' ? PROTOTYPE.exec(holder.field('left')?.text() ?? '')?.[1] ?? '' : '';
}

/** `<target> = value` anywhere in the file, and `<Ctor>.prototype = { prop: value }` when target is on a prototype. */
function writtenTo(root: SgNode, owner: string, prop: string, prototype: boolean): SgNode[] {
  const target = prototype ? `${owner}.prototype.${prop}` : `${owner}.${prop}`;
  const assigned = assignedIn(root, target);
  if (!prototype) return assigned;
  const literals = root.findAll({ rule: { kind: 'assignment_expression', has: { field: 'left', regex: `^${escapeRe(owner)}\\.prototype$` } } });
  return [...assigned, ...literals.flatMap((a) => { const right = a.field('right'); return right ? ownValue(right, prop) : []; })];
}

/** The class or function declaration the file gives `name`, or null. */
function declaredType(root: SgNode, name: string): SgNode | null {
  return root.find({ rule: { any: [{ kind: 'class_declaration' }, { kind: 'function_declaration' }], has: { field: 'name', regex: `^${escapeRe(name)}$` } } });
}

/** The values the object of `member` (`this.re`, `Parser.RE`) holds at its property, or [] when none is written. */
export function heldValues(member: SgNode): SgNode[] {
  const object = member.field('object');
  const prop = member.field('property')?.text();
  if (!object || !prop) return [];
  const root = member.getRoot().root();
  if (object.kind() === 'identifier') {
    const type = declaredType(root, object.text());
    if (!type) return [];
    const statics = type.kind() === 'class_declaration' ? fieldValues(type, prop, true) : [];
    return [...statics, ...writtenTo(root, object.text(), prop, false)].slice(0, MAX_VALUES);
  }
  if (object.kind() !== 'this') return [];
  // `this` is the innermost non-arrow function's: a class method's instance (the class in a static one), or a
  // prototype method's instance.
  const method = enclosingFunctions(member).find((f) => f.kind() !== 'arrow_function');
  if (!method) return [];
  const cls = classOf(method);
  if (cls) {
    const statics = isStatic(method);
    const name = cls.field('name')?.text() ?? '';
    const own = statics ? fieldValues(cls, prop, true) : [...fieldValues(cls, prop, false), ...constructorFieldValues(member)];
    return [...own, ...(statics && name ? writtenTo(root, name, prop, false) : [])].slice(0, MAX_VALUES);
  }
  const owner = prototypeOwner(method);
  return owner ? [...constructorFieldValues(member), ...writtenTo(root, owner, prop, true)].slice(0, MAX_VALUES) : [];
}
