// Top-level declarations and exports of a JavaScript/TypeScript module (ESM and CommonJS), read from
// the ast-grep tree. Pure: a program node in, symbols and exports out.
import type { SgNode } from '@ast-grep/napi';
import { startLine } from '../static/ast.ts';
import type { ExportRef, SymbolDef, SymbolKind } from './types.ts';

const DECL_KINDS: Record<string, SymbolKind> = {
  function_declaration: 'function',
  generator_function_declaration: 'function',
  class_declaration: 'class',
  abstract_class_declaration: 'class',
  interface_declaration: 'interface',
  type_alias_declaration: 'type',
  enum_declaration: 'enum',
};
const FUNCTION_VALUES = new Set(['arrow_function', 'function_expression', 'function', 'generator_function']);

export interface Declarations {
  symbols: SymbolDef[];
  exports: ExportRef[];
}

/** 1-based first and last line, from one native range() call. */
export function lineSpan(node: SgNode): { startLine: number; endLine: number } {
  const r = node.range();
  return { startLine: r.start.line + 1, endLine: r.end.line + 1 };
}

/** Text of a string literal node without quotes; undefined for anything that is not a plain string. */
export function stringValue(node: SgNode | null | undefined): string | undefined {
  if (!node) return undefined;
  if (node.kind() === 'string') return node.text().slice(1, -1);
  if (node.kind() === 'template_string' && !node.text().includes('${')) return node.text().slice(1, -1);
  return undefined;
}

// The symbols one declaration statement defines; `span` is the node whose lines the symbols cover
// (the export statement when exported, so decorators and `export` are inside the range).
function declare(decl: SgNode, span: SgNode): SymbolDef[] {
  const kind = DECL_KINDS[decl.kind()];
  const isVariable = decl.kind() === 'lexical_declaration' || decl.kind() === 'variable_declaration';
  if (!kind && !isVariable) return [];
  const lines = lineSpan(span);
  if (kind) {
    const name = decl.field('name')?.text();
    return name ? [{ name, kind, ...lines }] : [];
  }
  const declarators = decl.children().filter((c) => c.kind() === 'variable_declarator');
  const isConst = decl.children()[0]?.text() === 'const';
  return declarators.flatMap((d) => {
    const name = d.field('name');
    if (name?.kind() !== 'identifier') return [];
    const value = d.field('value');
    const k: SymbolKind = value && FUNCTION_VALUES.has(String(value.kind())) ? 'function' : isConst ? 'const' : 'variable';
    // One declarator per statement: the statement's lines; several: each declarator's own lines.
    const range = declarators.length === 1 ? lines : lineSpan(d);
    return [{ name: name.text(), kind: k, ...range }];
  });
}

function exportStatement(stmt: SgNode, out: Declarations): void {
  const span = lineSpan(stmt);
  const line = span.startLine;
  const children = stmt.children();
  const from = stringValue(stmt.field('source'));
  const isDefault = children.some((c) => c.kind() === 'default');
  const decl = stmt.field('declaration');
  if (decl) {
    const symbols = declare(decl, stmt);
    out.symbols.push(...symbols);
    if (isDefault) out.exports.push({ name: 'default', local: symbols[0]?.name ?? 'default', line });
    else for (const s of symbols) out.exports.push({ name: s.name, local: s.name, line });
    if (isDefault && symbols.length === 0) out.symbols.push({ name: 'default', kind: 'function', ...span });
    return;
  }
  if (isDefault) {
    const value = stmt.field('value');
    if (value?.kind() === 'identifier') out.exports.push({ name: 'default', local: value.text(), line });
    else {
      const named = value?.field('name')?.text();
      out.symbols.push({ name: named ?? 'default', kind: String(value?.kind()).includes('class') ? 'class' : 'function', ...span });
      out.exports.push({ name: 'default', local: named ?? 'default', line });
    }
    return;
  }
  const clause = children.find((c) => c.kind() === 'export_clause');
  if (clause) {
    for (const spec of clause.children().filter((c) => c.kind() === 'export_specifier')) {
      const local = spec.field('name')?.text() ?? '';
      const name = spec.field('alias')?.text() ?? local;
      out.exports.push(from !== undefined ? { name, local, line, from } : { name, local, line });
    }
    return;
  }
  const namespace = children.find((c) => c.kind() === 'namespace_export');
  if (from !== undefined) {
    const alias = namespace?.namedChildren().at(-1)?.text();
    out.exports.push({ name: alias ?? '*', local: '*', line, from });
  }
}

// CommonJS: module.exports = …, module.exports.x = …, exports.x = ….
function commonJs(stmt: SgNode, out: Declarations): void {
  const assign = stmt.namedChildren()[0];
  if (assign?.kind() !== 'assignment_expression') return;
  const left = assign.field('left')?.text() ?? '';
  const right = assign.field('right');
  const range = lineSpan(stmt);
  const line = range.startLine;
  if (left === 'module.exports') {
    if (right?.kind() === 'object') {
      for (const entry of right.namedChildren()) {
        if (entry.kind() === 'shorthand_property_identifier') out.exports.push({ name: entry.text(), local: entry.text(), line: startLine(entry) });
        if (entry.kind() === 'pair' || entry.kind() === 'method_definition') {
          const key = (entry.field('key') ?? entry.field('name'))?.text() ?? '';
          const value = entry.field('value');
          const local = value?.kind() === 'identifier' ? value.text() : key;
          if (value?.kind() !== 'identifier') out.symbols.push({ name: key, kind: 'function', ...lineSpan(entry) });
          out.exports.push({ name: key, local, line: startLine(entry) });
        }
      }
    } else if (right?.kind() === 'identifier') out.exports.push({ name: 'default', local: right.text(), line });
    else {
      out.symbols.push({ name: 'default', kind: String(right?.kind()).includes('class') ? 'class' : 'function', ...range });
      out.exports.push({ name: 'default', local: 'default', line });
    }
    return;
  }
  const m = /^(?:module\.)?exports\.([A-Za-z_$][\w$]*)$/.exec(left);
  if (!m?.[1]) return;
  if (right?.kind() === 'identifier') out.exports.push({ name: m[1], local: right.text(), line });
  else {
    out.symbols.push({ name: m[1], kind: right && FUNCTION_VALUES.has(String(right.kind())) ? 'function' : 'const', ...range });
    out.exports.push({ name: m[1], local: m[1], line });
  }
}

export function declarations(program: SgNode): Declarations {
  const out: Declarations = { symbols: [], exports: [] };
  for (const stmt of program.namedChildren()) {
    const kind = stmt.kind();
    if (kind === 'import_statement' || kind === 'comment') continue;
    if (kind === 'export_statement') exportStatement(stmt, out);
    else if (kind === 'expression_statement') commonJs(stmt, out);
    else out.symbols.push(...declare(stmt, stmt));
  }
  return out;
}
