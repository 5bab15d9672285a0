// Questions retrieval asks the index: where is the symbol a call refers to defined (following imports,
// re-exports and `export *`), which calls in other files reach a file's exports, and which top-level
// symbol encloses a line.
import type { CallSite, CodeIndex, FileIndex, SymbolDef } from './types.ts';

export interface Definition {
  file: string;
  /** The exported name that was looked up. */
  name: string;
  /** Absent when the file is known but not indexed (changed or unreadable) or the name was not found. */
  symbol?: SymbolDef;
}

const MAX_HOPS = 6;

/** Follows `name` exported from `path` to the file and symbol that define it. */
export function resolveExport(index: CodeIndex, path: string, name: string, hops = 0): Definition | undefined {
  const file = index.files.get(path);
  if (!file) return { file: path, name };
  if (hops > MAX_HOPS) return undefined;
  const own = file.exports.find((e) => e.name === name && e.from === undefined);
  if (own) {
    const symbol = file.symbols.find((s) => s.name === own.local);
    if (symbol) return { file: path, name, symbol };
    // `import { x } from './y'; export { x }`: follow the import.
    const via = importOf(file, own.local);
    return via ? resolveExport(index, via.target, via.imported, hops + 1) : undefined;
  }
  const reexport = file.exports.find((e) => e.name === name && e.from !== undefined && e.local !== '*');
  if (reexport) {
    const target = file.imports.find((r) => r.specifier === reexport.from)?.resolved;
    return target ? resolveExport(index, target, reexport.local, hops + 1) : undefined;
  }
  for (const star of file.exports.filter((e) => e.name === '*' && e.from !== undefined)) {
    const target = file.imports.find((r) => r.specifier === star.from)?.resolved;
    const hit = target ? resolveExport(index, target, name, hops + 1) : undefined;
    if (hit?.symbol) return hit;
  }
  // Fallback languages export every public top-level name; a private one can still be imported.
  if (!file.precise) {
    const symbol = file.symbols.find((s) => s.name === name);
    if (symbol) return { file: path, name, symbol };
  }
  return undefined;
}

function importOf(file: FileIndex, local: string): { target: string; imported: string } | undefined {
  for (const ref of file.imports) {
    const binding = ref.bindings.find((b) => b.local === local);
    if (binding && ref.resolved) return { target: ref.resolved, imported: binding.imported };
  }
  return undefined;
}

/** Where the callee of a call in `path` is defined, when it was imported from another repository file. */
export function definitionOfCall(index: CodeIndex, path: string, call: CallSite): Definition | undefined {
  const file = index.files.get(path);
  if (!file) return undefined;
  for (const ref of file.imports) {
    if (!ref.resolved || ref.resolved === path) continue;
    for (const b of ref.bindings) {
      // ns.f() through a namespace/module binding, f() through a named one, m() calling a module's default.
      if (call.object !== undefined && b.imported === '*' && b.local === call.object) return resolveExport(index, ref.resolved, call.name);
      if (call.object === undefined && b.local === call.name) return resolveExport(index, ref.resolved, b.imported === '*' ? 'default' : b.imported);
    }
  }
  return undefined;
}

export interface CallerSite {
  file: string;
  line: number;
  /** The target's exported name being called. */
  name: string;
}

/** Calls in importing files that reach `target` through its imports. */
export function callersOf(index: CodeIndex, target: string): CallerSite[] {
  const out: CallerSite[] = [];
  for (const importer of index.importers.get(target) ?? []) {
    const file = index.files.get(importer);
    if (!file) continue;
    for (const ref of file.imports.filter((r) => r.resolved === target)) {
      for (const b of ref.bindings) {
        for (const call of file.calls) {
          if (b.imported === '*' && call.object === b.local) out.push({ file: importer, line: call.line, name: call.name });
          else if (call.object === undefined && call.name === b.local) out.push({ file: importer, line: call.line, name: b.imported === '*' ? 'default' : b.imported });
        }
      }
    }
  }
  return out;
}

/** The innermost symbol whose range contains the line. */
export function enclosingSymbol(file: FileIndex, line: number): SymbolDef | undefined {
  let best: SymbolDef | undefined;
  for (const s of file.symbols) {
    if (s.startLine <= line && line <= s.endLine && (!best || s.endLine - s.startLine < best.endLine - best.startLine)) best = s;
  }
  return best;
}
