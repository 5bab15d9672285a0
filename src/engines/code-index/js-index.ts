// Indexes one JavaScript/TypeScript file from its ast-grep tree: imports (ESM, require, dynamic import),
// exports, top-level symbols and call sites. One tree walk for calls; everything else is top-level only.
import type { SgNode, SgRoot } from '@ast-grep/napi';
import { argsOf, startLine } from '../static/ast.ts';
import { declarations, stringValue } from './js-declarations.ts';
import type { CallSite, FileIndex, ImportBinding, ImportRef } from './types.ts';

// The statement's node bounds come from the tree; its text is then read with one regex, which is much
// cheaper than walking a dozen child nodes across the native boundary.
const IMPORT_FROM = /^import\s+(?:type\s+)?(?:([\w$]+)\s*,?\s*)?(?:\*\s*as\s+([\w$]+)\s*)?(?:\{([^}]*)\}\s*)?from\s*['"]([^'"]+)['"]/;
const IMPORT_BARE = /^import\s*['"]([^'"]+)['"]/;
const IMPORT_EQUALS = /^import\s+(?:type\s+)?([\w$]+)\s*=\s*require\s*\(\s*['"]([^'"]+)['"]\s*\)/;
const COMMENTS = /\/\*[\s\S]*?\*\/|\/\/[^\n]*/g;

function importStatement(stmt: SgNode): ImportRef | undefined {
  const text = stmt.text().replace(COMMENTS, ' ');
  const line = startLine(stmt);
  const from = IMPORT_FROM.exec(text);
  if (from?.[4] !== undefined) {
    const bindings: ImportBinding[] = [];
    if (from[1] && from[1] !== 'type') bindings.push({ local: from[1], imported: 'default' });
    if (from[2]) bindings.push({ local: from[2], imported: '*' });
    for (const spec of (from[3] ?? '').split(',')) {
      const m = /^\s*(?:type\s+)?([\w$]+|'[^']*'|"[^"]*")(?:\s+as\s+([\w$]+))?\s*$/.exec(spec);
      if (m?.[1]) bindings.push({ local: m[2] ?? m[1], imported: m[1].replace(/['"]/g, '') });
    }
    return { specifier: from[4], line, bindings };
  }
  const equals = IMPORT_EQUALS.exec(text);
  if (equals?.[1] && equals[2] !== undefined) return { specifier: equals[2], line, bindings: [{ local: equals[1], imported: '*' }] };
  const bare = IMPORT_BARE.exec(text);
  return bare?.[1] !== undefined ? { specifier: bare[1], line, bindings: [] } : undefined;
}

// `const x = require('m')` binds the module object; `const { a, b: c } = require('m')` binds its names.
function requireBindings(call: SgNode): ImportBinding[] {
  const declarator = call.parent();
  if (declarator?.kind() !== 'variable_declarator') return [];
  const name = declarator.field('name');
  if (name?.kind() === 'identifier') return [{ local: name.text(), imported: '*' }];
  if (name?.kind() !== 'object_pattern') return [];
  return name.namedChildren().flatMap((p): ImportBinding[] => {
    if (p.kind() === 'shorthand_property_identifier_pattern') return [{ local: p.text(), imported: p.text() }];
    const key = p.field('key')?.text();
    const value = p.field('value');
    return p.kind() === 'pair_pattern' && key && value?.kind() === 'identifier' ? [{ local: value.text(), imported: key }] : [];
  });
}

const CALLEE = /^([A-Za-z_$][\w$]*)(?:\s*\??\.\s*(#?[A-Za-z_$][\w$]*))?$/;
const MEMBER_TAIL = /\??\.\s*(#?[A-Za-z_$][\w$]*)$/;

// One text read per callee; the callee node is small, so this stays linear even for nested calls.
function callSite(fn: SgNode, line: number): CallSite | undefined {
  const text = fn.text();
  const m = CALLEE.exec(text);
  if (m?.[1] && m[2] === undefined) return { name: m[1], line };
  if (m?.[1] && m[2]) return m[1] === 'this' || m[1] === 'super' ? { name: m[2], line } : { name: m[2], object: m[1], line };
  const tail = MEMBER_TAIL.exec(text);
  return tail?.[1] ? { name: tail[1], line } : undefined;
}

// Only a callee whose text ends in `require` or `import` can be one (callSite names the last identifier).
const MODULE_CALL = { rule: { kind: 'call_expression', has: { field: 'function', regex: '(require|import)$' } } } as const;

function callsAndDynamicImports(program: SgNode, imports: ImportRef[], withCalls: boolean): CallSite[] {
  const calls: CallSite[] = [];
  for (const call of program.findAll(withCalls ? { rule: { kind: 'call_expression' } } : MODULE_CALL)) {
    const fn = call.field('function');
    if (!fn) continue;
    const site = callSite(fn, startLine(call));
    if (!site) continue;
    if (site.object === undefined && (site.name === 'require' || site.name === 'import')) {
      const specifier = stringValue(argsOf(call)[0]);
      if (specifier !== undefined) imports.push({ specifier, line: site.line, bindings: site.name === 'require' ? requireBindings(call) : [] });
      continue;
    }
    calls.push(site);
  }
  if (!withCalls) return [];
  for (const call of program.findAll({ rule: { kind: 'new_expression' } })) {
    const fn = call.field('constructor');
    const site = fn ? callSite(fn, startLine(call)) : undefined;
    if (site) calls.push(site);
  }
  return calls.sort((a, b) => a.line - b.line);
}

export interface IndexOptions {
  /** Collect call sites (default true). Without them the index still has every import (require and dynamic import
   * included), export and symbol; `calls` is empty. Recon reads only imports and exports. */
  calls?: boolean;
}

export function indexJs(path: string, language: string, root: SgRoot, lines: number, options: IndexOptions = {}): FileIndex {
  const program = root.root();
  const imports = program
    .namedChildren()
    .filter((s) => s.kind() === 'import_statement')
    .flatMap((s) => importStatement(s) ?? []);
  const calls = callsAndDynamicImports(program, imports, options.calls ?? true);
  const { symbols, exports } = declarations(program);
  // A re-export is also a dependency: record its source as an import so it is resolved with the rest.
  for (const from of new Set(exports.flatMap((e) => (e.from !== undefined ? [e.from] : [])))) {
    imports.push({ specifier: from, line: exports.find((e) => e.from === from)?.line ?? 1, bindings: [] });
  }
  imports.sort((a, b) => a.line - b.line);
  return { path, language, precise: true, lines, imports, exports, symbols, calls };
}
