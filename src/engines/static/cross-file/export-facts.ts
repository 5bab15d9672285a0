// What one module exports that a detector in another module can use: Node's child_process (or one of its
// functions) and constant regular expressions, read from the module's top-level statements; and what it re-exports
// from another relative module (`module.exports = require('./cp')`, `export * from './re.js'`), for the
// module-facts step to follow. Pure: a file in, facts out; anything not written in these shapes is no fact. It
// resets the per-file taint state (constant strings are read through it): call it between analyses, never inside one.
import type { SgNode } from '@ast-grep/napi';
import { startLine } from '../ast.ts';
import { EXPORTS_LEFT } from '../export-wrappers.ts';
import { returnedValues } from '../callees.ts';
import { moduleBindings, type ModuleBindings } from '../modules.ts';
import { langFor, parseSource } from '../parse.ts';
import { constantString } from '../rules/redos/regex-value.ts';
import { keyScreen } from './key-screen.ts';
import { beginFile } from '../taint.ts';
import type { SourceFile } from '../types.ts';
import { exportReturns, type ReturnedParam } from './export-returns.ts';

/** The Node modules whose exported value is a fact (a detector's sink module: command and code injection). */
export const SINK_MODULES = ['child_process', 'vm'] as const;

/** One exported value: a sink module or function, a pattern, or another module's export passed through. */
export interface ExportFact {
  /** The import key ('' for the module's own value); '*' with `via.key` '*' for every named key of another module. */
  key: string;
  line: number;
  module?: string;
  member?: string;
  pattern?: { source: string; flags: string };
  /** With pattern: the export is a function, and calling it returns the pattern (`module.exports = () => /…/g`). */
  call?: boolean;
  /** The export is a function that returns what these parameters were given (export-returns.ts). */
  returns?: ReturnedParam[];
  /** The export is a key screen (ImportedFact.screen, key-screen.ts). */
  screen?: boolean;
  via?: { specifier: string; key: string };
}

type Value = Omit<ExportFact, 'key' | 'line'>;

// A module worth parsing for facts: it exports, and names child_process, writes a pattern, or hands on another
// relative module (most modules import one; few re-export it). A parse per imported module is the step's cost.
const EXPORTS = /\bexports?\b/;
const HINT = /__proto__|child_process|\breturn\s*\/(?![/*])|['"](?:node:)?vm['"]|\bRegExp\s*\(|(?:[=:]\s*|\bdefault\s+)\/(?![/*=])|(?:exports(?:\.[\w$]+)?\s*=|[{,]\s*[\w$]+\s*:)\s*require\(\s*['"]\.|\bexport\s*(?:\*|\{[^}]*\})\s*from\s*['"]\./;
const REQUIRE = /^require\(\s*['"]([^'"]+)['"]\s*\)$/;
const RELATIVE = /^\.{1,2}(?:\/|$)/;
// A module that may return what it was given: one that returns a value (every exported function is read for it).
const RETURNS = /\breturn\b|=>/;
// Facts kept per module: a patterns module exports tens of expressions, not hundreds.
const MAX_FACTS = 64;

const isRelative = (spec: string) => RELATIVE.test(spec);
const sinkModule = (spec: string): string | undefined => SINK_MODULES.find((m) => spec === m || spec === `node:${m}`);

/** The value a module-level `const|let|var name = …` binds, when the module declares it once and never reassigns it. */
function moduleConstant(root: SgNode, name: string): SgNode | null {
  const decls = root.children().flatMap((s) => (s.kind() === 'lexical_declaration' || s.kind() === 'variable_declaration' ? s.children() : s.kind() === 'export_statement' ? (s.field('declaration')?.children() ?? []) : []))
    .filter((d) => d.kind() === 'variable_declarator' && d.field('name')?.text() === name);
  if (decls.length !== 1) return null;
  const reassigned = root.find({ rule: { kind: 'assignment_expression', has: { field: 'left', regex: `^${name.replace(/\$/g, '\\$')}$` } } });
  return reassigned ? null : (decls[0]?.field('value') ?? null);
}

const OWN_DECLARATIONS = new Set(['function_declaration', 'generator_function_declaration', 'class_declaration']);

function declaredOwn(root: SgNode, name: string): SgNode | null {
  for (const s of root.children()) {
    const declared = s.kind() === 'export_statement' ? s.field('declaration') : s;
    if (declared && OWN_DECLARATIONS.has(String(declared.kind())) && declared.field('name')?.text() === name) return declared;
  }
  return null;
}

const FUNCTION_VALUES = new Set(['function_expression', 'function', 'arrow_function', 'function_declaration']);

/** A function every return of which is the same constant pattern (`module.exports = function () { return new
 * RegExp(pattern, 'g'); }`, ansi-regex's shape): calling it gives that pattern. Anything else is no fact. */
function returnedPattern(fn: SgNode, r: Reader, depth: number): Value | null {
  if (!FUNCTION_VALUES.has(String(fn.kind()))) return null;
  const patterns = returnedValues(fn).map((v) => valueOf(v, r, depth + 1));
  const first = patterns[0]?.pattern;
  if (!first || patterns.some((p) => !p?.pattern || p.call || p.pattern.source !== first.source || p.pattern.flags !== first.flags)) return null;
  return { pattern: first, call: true };
}

/** A key screen the module writes (key-screen.ts), as a fact. */
function screenOf(fn: SgNode, root: SgNode): Value | null {
  return keyScreen(fn, root) ? { screen: true } : null;
}

interface Reader {
  root: SgNode;
  /** Each sink module's local bindings in this module. */
  sinks: ReadonlyArray<{ module: string; b: ModuleBindings }>;
}

/** What an exported expression is, or null. `depth` bounds following module constants. */
function valueOf(node: SgNode | null, r: Reader, depth = 0): Value | null {
  if (!node || depth > 2) return null;
  const kind = node.kind();
  if (kind === 'parenthesized_expression') return valueOf(node.namedChildren()[0] ?? null, r, depth + 1);
  if (kind === 'function_expression' || kind === 'function' || kind === 'arrow_function') return returnedPattern(node, r, depth) ?? screenOf(node, r.root);
  if (kind === 'regex') return { pattern: { source: node.field('pattern')?.text() ?? '', flags: node.field('flags')?.text() ?? '' } };
  if (kind === 'new_expression' || kind === 'call_expression') {
    const callee = node.field(kind === 'new_expression' ? 'constructor' : 'function')?.text() ?? '';
    const args = node.field('arguments')?.namedChildren().filter((a) => a.kind() !== 'comment') ?? [];
    if (callee === 'RegExp') {
      const source = args[0] ? constantString(args[0]) : null;
      const flags = args[1] ? constantString(args[1]) : '';
      return source !== null && flags !== null && args.length <= 2 ? { pattern: { source, flags } } : null;
    }
    const spec = REQUIRE.exec(node.text())?.[1];
    if (spec === undefined) return null;
    const module = sinkModule(spec);
    if (module) return { module };
    return isRelative(spec) ? { via: { specifier: spec, key: '' } } : null;
  }
  if (kind === 'identifier' || kind === 'shorthand_property_identifier') {
    const name = node.text();
    // A function or class the module declares under the name is its own (a wrapper), whatever a nested require binds.
    const own = declaredOwn(r.root, name);
    if (own) return own.kind() === 'class_declaration' ? null : returnedPattern(own, r, depth) ?? screenOf(own, r.root);
    for (const { module, b } of r.sinks) {
      if (b.aliases.has(name)) return { module };
      const member = b.named.get(name);
      if (member) return { module, member };
    }
    return valueOf(moduleConstant(r.root, name), r, depth + 1);
  }
  if (kind === 'member_expression') {
    const property = node.field('property')?.text() ?? '';
    const object = valueOf(node.field('object'), r, depth + 1);
    if (!/^[\w$]+$/.test(property) || !object) return null;
    if (object.module && !object.member) return { module: object.module, member: property };
    return object.via?.key === '' ? { via: { specifier: object.via.specifier, key: property } } : null;
  }
  return null;
}

/** The facts of `module.exports = …` / `exports.k = …` (an object literal's entries each under its key). */
function assignedFacts(assignment: SgNode, r: Reader, out: ExportFact[]): void {
  const left = EXPORTS_LEFT.exec(assignment.field('left')?.text() ?? '');
  if (!left) return;
  let right = assignment.field('right');
  // module.exports = exports = …
  while (right?.kind() === 'assignment_expression' && EXPORTS_LEFT.test(right.field('left')?.text() ?? '')) right = right.field('right');
  if (!right) return;
  const key = left[1] ?? '';
  if (key === '' && right.kind() === 'object') {
    for (const entry of right.namedChildren()) {
      if (entry.kind() === 'shorthand_property_identifier') push(out, entry.text(), valueOf(entry, r), entry);
      // A computed or numeric key names no import key ('' would be the module's own value).
      else if (entry.kind() === 'pair' && keyText(entry.field('key')) !== '') push(out, keyText(entry.field('key')), valueOf(entry.field('value'), r), entry);
    }
    return;
  }
  const value = valueOf(right, r);
  push(out, key, value, right);
  // module.exports = require('./x'): every member of that module is one of this module's too.
  if (key === '' && value?.via?.key === '') push(out, '*', { via: { specifier: value.via.specifier, key: '*' } }, right);
}

function keyText(node: SgNode | null): string {
  if (!node) return '';
  return node.kind() === 'string' ? node.text().slice(1, -1) : node.kind() === 'property_identifier' ? node.text() : '';
}

function push(out: ExportFact[], key: string, value: Value | null, at: SgNode): void {
  if (value && /^(?:[\w$]*|\*)$/.test(key)) out.push({ key, line: startLine(at), ...value });
}

/** The facts of one `export …` statement. */
function exportedFacts(statement: SgNode, r: Reader, out: ExportFact[]): void {
  const text = statement.text();
  const source = statement.field('source');
  const from = source ? source.text().slice(1, -1) : undefined;
  if (from !== undefined) {
    const module = sinkModule(from);
    if (/^export\s*\*\s*from\b/.test(text)) {
      if (isRelative(from)) out.push({ key: '*', line: startLine(statement), via: { specifier: from, key: '*' } });
      return;
    }
    for (const s of statement.findAll({ rule: { kind: 'export_specifier' } })) {
      const name = s.field('name')?.text() ?? '';
      const alias = s.field('alias')?.text() ?? name;
      if (module) push(out, alias, name === 'default' ? { module } : { module, member: name }, s);
      else if (isRelative(from)) push(out, alias, { via: { specifier: from, key: name === 'default' ? '' : name } }, s);
    }
    return;
  }
  const value = statement.field('value');
  if (value) {
    // export default …: an importer's default import binds it, written `import x from` ('') or reached as 'default'.
    const v = valueOf(value, r);
    push(out, '', v, value);
    push(out, 'default', v, value);
    return;
  }
  const declaration = statement.field('declaration');
  if (declaration?.kind() === 'lexical_declaration' || declaration?.kind() === 'variable_declaration') {
    for (const d of declaration.namedChildren().filter((c) => c.kind() === 'variable_declarator')) {
      const name = d.field('name');
      if (name?.kind() === 'identifier') push(out, name.text(), valueOf(d.field('value'), r), d);
    }
    return;
  }
  if (declaration?.kind() === 'function_declaration') {
    push(out, declaration.field('name')?.text() ?? '', returnedPattern(declaration, r, 0) ?? screenOf(declaration, r.root), declaration);
    return;
  }
  for (const s of statement.findAll({ rule: { kind: 'export_specifier' } })) {
    const name = s.field('name');
    push(out, s.field('alias')?.text() ?? name?.text() ?? '', valueOf(name ?? null, r), s);
  }
}

/** What the module exports that a detector elsewhere can use, in source order; [] for a module that exports none. */
export function exportFacts(file: SourceFile): ExportFact[] {
  const hinted = HINT.test(file.content);
  if (!EXPORTS.test(file.content) || !(hinted || RETURNS.test(file.content))) return [];
  const lang = langFor(file);
  if (lang === null) return [];
  const root = parseSource(lang, file.content).root();
  const out: ExportFact[] = [];
  for (const [key, { line, returns }] of exportReturns(root, file.path, file.content)) out.push({ key, line, returns });
  // Constant strings are read through the taint module's per-file binding index: start it on this file.
  beginFile();
  const r: Reader = { root, sinks: SINK_MODULES.map((module) => ({ module, b: moduleBindings(file.content, [module]) })) };
  for (const statement of hinted ? root.children() : []) {
    if (statement.kind() === 'export_statement') exportedFacts(statement, r, out);
    else if (statement.kind() === 'expression_statement') {
      const expression = statement.namedChildren()[0];
      if (expression?.kind() === 'assignment_expression') assignedFacts(expression, r, out);
    }
  }
  const written = writes(root);
  return merged(out).filter((f) => (written.get(f.key) ?? 0) <= 1).slice(0, MAX_FACTS);
}

/** One fact per key: what a function returns joins the value fact of its key (a value written once is one fact). */
function merged(facts: readonly ExportFact[]): ExportFact[] {
  const returns = new Map(facts.filter((f) => f.returns).map((f) => [f.key, f.returns as ReturnedParam[]]));
  const values = facts.filter((f) => !f.returns);
  const valued = new Set(values.map((f) => f.key));
  const alone = facts.filter((f) => f.returns && !valued.has(f.key));
  return [...values.map((f) => (returns.has(f.key) ? { ...f, returns: returns.get(f.key) } : f)), ...alone];
}

/** How many times each key is assigned anywhere in the module (`if (x) exports.k = …` too): a key written twice is
 * not guessed between. `module.exports = exports = …` is one write. */
function writes(root: SgNode): Map<string, number> {
  const counts = new Map<string, number>();
  for (const a of root.findAll({ rule: { kind: 'assignment_expression', has: { field: 'left', regex: '^(module\\.)?exports\\b' } } })) {
    const key = EXPORTS_LEFT.exec(a.field('left')?.text() ?? '');
    const outer = a.parent();
    if (!key || (outer?.kind() === 'assignment_expression' && EXPORTS_LEFT.test(outer.field('left')?.text() ?? ''))) continue;
    counts.set(key[1] ?? '', (counts.get(key[1] ?? '') ?? 0) + 1);
  }
  return counts;
}
