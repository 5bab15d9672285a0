// Which regular expressions an expression applied as a pattern denotes, read from the file without running it: a
// literal; `new RegExp(…)` or `RegExp(…)` of a constant string; what a function of the file returns; an identifier
// or an object-literal property bound to one (a module-level table, or one the module fills with `table.key = /…/`,
// also when a `this` field holds it: `this.rules = block`); either branch of `c ? a : b` or `a || b`. A
// constant string is a literal (JavaScript's escapes read), a template whose substitutions are constants, String.raw
// of one, a `+` of constants, a name bound to one, `[…constants].join(constant)` (an alternation table) or the
// `.source` of a pattern. Anything else (a pattern built from a parameter) is not resolved: no verdict is guessed for
// it. match, matchAll and search compile a constant string argument into a pattern too (appliedPatterns).
import type { SgNode } from '@ast-grep/napi';
import { argsOf, enclosingFunction } from '../../ast.ts';
import { elementValues, listElements, mapValues, ownValue, walkedElements } from './pattern-lists.ts';
import { calleeDefinition, returnedValues } from '../../callees.ts';
import { bindingValue } from '../../taint.ts';
import { assignedIn, propertyValues } from '../../properties.ts';
import { importedPattern } from '../../imported.ts';
import { heldValues } from './held-pattern.ts';

/** One resolved pattern and the node that writes it (cited beside the call when it stands elsewhere); `from` when
 * another module of the target writes it (the node is then this file's name for it). */
export interface RegexValue { source: string; flags: string; def: SgNode; from?: { path: string; line: number } }

const MAX_DEPTH = 6;
// Branches followed per expression: a ternary of tables should not fan out into dozens of verdicts.
const MAX_VALUES = 4;

// JavaScript's single-character escapes; any other escaped character stands for itself (`"\\."` is `.`).
const ESCAPES: Record<string, string> = { n: '\n', r: '\r', t: '\t', b: '\b', f: '\f', v: '\v', 0: '\0' };
const ESCAPE = /\\(?:x([0-9a-fA-F]{2})|u\{([0-9a-fA-F]+)\}|u([0-9a-fA-F]{4})|(\r\n|[\s\S]))/g;

/** The text of a JS string literal node, or null when it cannot be read (a legacy octal escape). */
function stringText(node: SgNode): string | null {
  return cooked(node.text().slice(1, -1));
}

/** Source text with JavaScript's escapes read (a string's body, or one escape of a template), or null for a legacy
 * octal escape. */
function cooked(body: string): string | null {
  let octal = false;
  const text = body.replace(ESCAPE, (_, hex?: string, point?: string, unit?: string, ch?: string) => {
    if (hex !== undefined || unit !== undefined) return String.fromCharCode(parseInt(hex ?? unit ?? '', 16));
    if (point !== undefined) return String.fromCodePoint(parseInt(point, 16));
    // A backslash before a line break continues the string on the next line.
    if (ch === '\n' || ch === '\r' || ch === '\r\n' || ch === '\u2028' || ch === '\u2029') return '';
    if (ch !== undefined && /[1-9]/.test(ch)) octal = true;
    return ESCAPES[ch ?? ''] ?? ch ?? '';
  });
  // `\0` followed by a digit is an octal escape too.
  return octal || /(^|[^\\])(\\\\)*\\0[0-9]/.test(body) ? null : text;
}

/** A template's text when each substitution is a constant string (`^${WORD}$` with WORD one), or null; `raw` keeps
 * escapes as written (String.raw). */
function templateText(node: SgNode, depth: number, raw = false): string | null {
  let text = '';
  for (const part of node.children()) {
    const kind = part.kind();
    if (kind === '`') continue;
    if (kind === 'template_substitution') {
      const value = constantString(part.namedChildren()[0], depth + 1);
      if (value === null) return null;
      text += value;
      continue;
    }
    const value = kind === 'escape_sequence' && !raw ? cooked(part.text()) : part.text();
    if (value === null) return null;
    text += value;
  }
  return text;
}

/** The value of an expression that is a constant string, or null. */
export function constantString(node: SgNode | null | undefined, depth = 0): string | null {
  if (!node || depth > MAX_DEPTH) return null;
  switch (node.kind()) {
    case 'string':
      return stringText(node);
    case 'template_string':
      return templateText(node, depth);
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
    case 'member_expression': {
      // `WORD.source` of `const WORD = /(\w+)/`: the pattern's text, written into a larger one.
      if (node.field('property')?.text() !== 'source') return null;
      const [one, ...more] = regexValues(node.field('object'), depth + 1);
      return one && more.length === 0 ? one.source : null;
    }
    case 'call_expression': {
      const callee = node.field('function');
      // String.raw`^(\w+)$`: the template's text as written, escapes and all.
      const raw = callee?.text() === 'String.raw' ? node.field('arguments') : null;
      if (raw?.kind() === 'template_string') return templateText(raw, depth, true);
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

// Entries of a table read at a computed key looked at: every one may be the one picked, and verdicts are memoised.
const MAX_TABLE = 16;
// Patterns of a list (or a list of lists) read through a loop or a parameter: a user-agent table holds dozens.
const MAX_LIST = 64;

/** The values of the object or array literal `table[key]` reads (bound to the table's name), or []. */
function tableEntries(node: SgNode): SgNode[] {
  const object = node.field('object');
  const index = node.field('index');
  if (object?.kind() !== 'identifier' || !index || index.kind() === 'string' || index.kind() === 'number') return [];
  const table = bindingValue(object);
  if (table?.kind() === 'array') return table.namedChildren().filter((c) => c.kind() !== 'comment').slice(0, MAX_TABLE);
  if (table?.kind() !== 'object') return [];
  return table.namedChildren().flatMap((c) => {
    const value = c.kind() === 'pair' ? c.field('value') : null;
    return value ? [value] : [];
  }).slice(0, MAX_TABLE);
}

/** The pattern another module exports under the name or member `node` reads (cross-file/module-facts.ts), or []. */
function importedValues(node: SgNode, called = false): RegexValue[] {
  const fact = importedPattern(node, called);
  return fact?.pattern ? [{ ...fact.pattern, def: node, from: { path: fact.from, line: fact.line } }] : [];
}

const REQUIRE_CALL = /^(?:require\(|\(?\s*await\s+import\()/;

/** The patterns a call to a function defined in this file returns, or to one another module exports. */
function returnedPatterns(call: SgNode, depth: number): RegexValue[] {
  const fn = calleeDefinition(call);
  if (fn) return returnedValues(fn).flatMap((v) => regexValues(v, depth + 1)).slice(0, MAX_VALUES);
  const callee = call.field('function');
  const local = callee?.kind() === 'identifier' ? bindingValue(callee) : null;
  return callee && (!local || REQUIRE_CALL.test(local.text())) ? importedValues(callee, true) : [];
}

/** The object literals a call to a function of this file returns. */
function returnedObjects(call: SgNode): SgNode[] {
  const fn = calleeDefinition(call);
  return fn ? returnedValues(fn).filter((v) => v.kind() === 'object') : [];
}

/** The patterns `node` may denote where it is applied; [] when none can be told. */
export function regexValues(node: SgNode | null | undefined, depth = 0): RegexValue[] {
  if (!node || depth > MAX_DEPTH) return [];
  switch (node.kind()) {
    case 'regex':
      return [{ source: node.field('pattern')?.text() ?? '', flags: node.field('flags')?.text() ?? '', def: node }];
    case 'parenthesized_expression':
      return regexValues(node.namedChildren()[0], depth + 1);
    case 'identifier': {
      // `for (const re of LIST)`, `for (const [re, fn] of TABLE)`, `LIST.some(({ re }) => …)`: any element picked.
      const elements = elementValues(node);
      if (elements) return elements.flatMap((v) => regexValues(v, depth + 1)).slice(0, MAX_LIST);
      const bound = bindingValue(node);
      // A name bound to another module's export (`const { RE } = require('./patterns')`, `import { RE } from …`).
      if (!bound || REQUIRE_CALL.test(bound.text())) {
        const imported = importedValues(node);
        if (imported.length > 0) return imported;
      }
      // `for (const re of LIST)`, `LIST.forEach((re) => …)`, `rgx(ua, arrays)`'s `arrays[i]`: any element picked.
      return bound ? regexValues(bound, depth + 1) : walkedElements(node).flatMap((v) => regexValues(v, depth + 1)).slice(0, MAX_LIST);
    }
    case 'ternary_expression':
      return [node.field('consequence'), node.field('alternative')].flatMap((b) => regexValues(b, depth + 1)).slice(0, MAX_VALUES);
    case 'binary_expression': {
      const op = node.field('operator')?.text();
      return op === '||' || op === '??' ? [node.field('left'), node.field('right')].flatMap((b) => regexValues(b, depth + 1)).slice(0, MAX_VALUES) : [];
    }
    case 'subscript_expression': {
      // `PATTERNS[kind]`: any entry of a module's table may be picked.
      const entries = tableEntries(node);
      if (entries.length > 0) return entries.flatMap((v) => regexValues(v, depth + 1)).slice(0, MAX_TABLE);
      // `regex[j++]` of `regex = arrays[i]`, arrays a parameter the file hands a table of pattern lists.
      const index = node.field('index');
      if (!index || index.kind() === 'string' || index.kind() === 'number') return [];
      return listElements(node.field('object'), 0).flatMap((v) => regexValues(v, depth + 1)).slice(0, MAX_LIST);
    }
    case 'member_expression': {
      const object = node.field('object');
      const prop = node.field('property')?.text();
      // `parsers[name].exp`: that field of any entry of the table.
      if (object?.kind() === 'subscript_expression' && prop) {
        return tableEntries(object).flatMap((entry) => ownValue(entry, prop)).flatMap((v) => regexValues(v, depth + 1)).slice(0, MAX_TABLE);
      }
      // `patterns().word`: that property of the object literal a function of this file returns.
      const returned = object?.kind() === 'call_expression' && prop ? returnedObjects(object).flatMap((o) => ownValue(o, prop)).flatMap((v) => regexValues(v, depth + 1)) : [];
      if (returned.length > 0) return returned.slice(0, MAX_VALUES);
      // `patterns.RE`, `require('./patterns').RE`: another module's export.
      const imported = object?.kind() === 'call_expression' || (object?.kind() === 'identifier' && REQUIRE_CALL.test(bindingValue(object)?.text() ?? 'require(')) ? importedValues(node) : [];
      if (imported.length > 0) return imported;
      // `this.re` of a class field or the constructor's `this.re = /…/`, `Parser.RE` of a static field (held-pattern.ts).
      const holds = object?.kind() === 'this' || object?.kind() === 'identifier' ? heldValues(node).flatMap((v) => regexValues(v, depth + 1)) : [];
      if (holds.length > 0) return holds.slice(0, MAX_VALUES);
      // `this.rules.heading` of a constructor's `this.rules = block`: that property of the table the field holds.
      const tabled = object?.kind() === 'member_expression' && object.field('object')?.kind() === 'this' && prop ? heldTableValues(object, prop) : [];
      if (tabled.length > 0) return tabled.flatMap((v) => regexValues(v, depth + 1)).slice(0, MAX_VALUES);
      if (object?.kind() !== 'identifier' || !prop) return [];
      // `rules.some((r) => r.re.test(s))`, `for (const rule of RULES) rule.exp.exec(s)`: that field of any entry.
      const fields = (elementValues(object) ?? []).flatMap((entry) => ownValue(entry, prop)).flatMap((v) => regexValues(v, depth + 1));
      if (fields.length > 0) return fields.slice(0, MAX_TABLE);
      const held = propertyValues(object, prop, node, bindingValue(object)) ?? [];
      const values = held.flatMap((v) => regexValues(v, depth + 1)).slice(0, MAX_VALUES);
      // `var block = {}; block.heading = /…/;` at module level, read in a function: the table the module filled.
      return values.length > 0 ? values : moduleTableValues(object, prop).flatMap((v) => regexValues(v, depth + 1)).slice(0, MAX_VALUES);
    }
    case 'new_expression':
    case 'call_expression': {
      const ctor = node.field(node.kind() === 'new_expression' ? 'constructor' : 'function')?.text();
      // `str.match(ansiRegex())`: what a function of this file returns (`function ansiRegex() { return /…/g; }`), or
      // of another module (`const ansiRegex = require('./ansi-regex')`).
      if (ctor !== 'RegExp') {
        if (node.kind() !== 'call_expression') return [];
        // `PATTERNS.get(kind)` of `new Map([[…, /…/], …])`: any value of the map.
        const mapped = mapValues(node);
        return mapped.length > 0 ? mapped.flatMap((v) => regexValues(v, depth + 1)).slice(0, MAX_TABLE) : returnedPatterns(node, depth);
      }
      const [src, flags] = argsOf(node);
      const source = constantString(src);
      if (source === null) return [];
      return flagChoices(flags).map((f) => ({ source, flags: f, def: node }));
    }
    default:
      return [];
  }
}

/** `prop` of the tables a `this` field holds (`this.rules = block`, `block` a module object literal or filled at
 * module level). */
function heldTableValues(field: SgNode, prop: string): SgNode[] {
  return heldValues(field).filter((v) => v.kind() === 'identifier').flatMap((table) => {
    const literal = bindingValue(table);
    const own = literal?.kind() === 'object' ? ownValue(literal, prop) : [];
    return own.length > 0 ? own : moduleTableValues(table, prop);
  });
}

/** `name.prop = value` written at module level, for a name the module declares: what a module-level table holds
 * when a function reads it (the module's statements ran before any caller could call the function). */
function moduleTableValues(object: SgNode, prop: string): SgNode[] {
  const root = object.getRoot().root();
  // The name the read sees must be the module's own (not a local or parameter of the same name).
  const bound = bindingValue(object);
  if (!bound || enclosingFunction(bound) !== null) return [];
  // A statement of the module itself, not an assignment inside a function or a nested expression.
  const statement = (a: SgNode) => a.parent()?.kind() === 'expression_statement' && a.parent()?.parent()?.kind() === 'program';
  return assignedIn(root, `${object.text()}.${prop}`, statement).slice(-4);
}

/** The flags a RegExp construction may get: none, a constant, or either constant branch of `first ? undefined : 'g'`;
 * [] when any is unknown. */
function flagChoices(flags: SgNode | undefined): string[] {
  if (!flags || flags.text() === 'undefined') return [''];
  if (flags.kind() === 'ternary_expression') {
    const branches = [flags.field('consequence'), flags.field('alternative')].map((b) => (b ? flagChoices(b) : []));
    return branches.some((b) => b.length === 0) ? [] : [...new Set(branches.flat())];
  }
  const text = constantString(flags);
  return text === null ? [] : [text];
}

// String methods that compile a string argument into a pattern (`s.match('a+')` is `s.match(new RegExp('a+'))`);
// replace and split take a string literally.
const COMPILES_STRING = /^(match|matchAll|search)$/;

/** The patterns a call applies: what `node` denotes, or for match/matchAll/search a constant string it compiles. */
export function appliedPatterns(node: SgNode, method: string): RegexValue[] {
  const values = regexValues(node);
  if (values.length > 0 || !COMPILES_STRING.test(method)) return values;
  const source = constantString(node);
  return source === null ? [] : [{ source, flags: method === 'matchAll' ? 'g' : '', def: node }];
}
