// The code index's data: per-file imports, exports, top-level symbols and call sites, and the
// import graph over them. Plain data only, so the index can be built once and read by any phase.
import type { SymbolKind } from '../../artifacts/schemas/literals.ts';

export type { SymbolKind };

/** A top-level definition and the whole-line range it spans (1-based, inclusive). */
export interface SymbolDef {
  name: string;
  kind: SymbolKind;
  startLine: number;
  endLine: number;
}

/** One name an import binds: `imported` is the exported name, 'default', or '*' for a namespace/module. */
export interface ImportBinding {
  local: string;
  imported: string;
}

export interface ImportRef {
  /** The module text as written: './x.js', 'node:fs', 'pkg.mod', 'example.com/app/db'. */
  specifier: string;
  line: number;
  bindings: ImportBinding[];
  /** Repository path the specifier resolves to; absent for external or unresolvable modules. */
  resolved?: string;
}

/** An exported name. `local` is the symbol it refers to; `from` marks a re-export ('*' name for `export *`). */
export interface ExportRef {
  name: string;
  local: string;
  line: number;
  from?: string;
}

/** A call (or `new`): `name` is the called identifier or property; `object` the identifier before the dot. */
export interface CallSite {
  name: string;
  object?: string;
  line: number;
}

export interface FileIndex {
  path: string;
  language: string;
  /** true: parsed with ast-grep; false: the regex fallback (names and import lines only). */
  precise: boolean;
  lines: number;
  imports: ImportRef[];
  exports: ExportRef[];
  symbols: SymbolDef[];
  calls: CallSite[];
}

export interface CodeIndex {
  files: Map<string, FileIndex>;
  /** path → files whose imports resolve to it, sorted. */
  importers: Map<string, string[]>;
}
