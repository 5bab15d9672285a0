// Code-index entries per file in the evidence cache, keyed by the file's path, language and content hash and the
// running code (the indexer's version). Indexing reads nothing but the file; linking (the import graph) is redone
// every time from the entries, so a changed file changes its own entry and the graph around it.
import { Type } from '@sinclair/typebox';
import { literalUnion, SYMBOL_KINDS } from '../../artifacts/schemas/literals.ts';
import type { FileIndex } from '../code-index/types.ts';
import { cacheKey } from './key.ts';
import { ExportRefSchema } from './recon-file.ts';
import type { EvidenceCache } from './store.ts';

const Line = Type.Integer({ minimum: 0 });

const FileIndexSchema = Type.Object(
  {
    path: Type.String({ minLength: 1 }),
    language: Type.String(),
    precise: Type.Boolean(),
    lines: Line,
    imports: Type.Array(
      Type.Object(
        {
          specifier: Type.String(),
          line: Line,
          bindings: Type.Array(Type.Object({ local: Type.String(), imported: Type.String() }, { additionalProperties: false })),
          resolved: Type.Optional(Type.String()),
        },
        { additionalProperties: false },
      ),
    ),
    exports: Type.Array(ExportRefSchema),
    symbols: Type.Array(
      Type.Object(
        { name: Type.String(), kind: literalUnion(SYMBOL_KINDS), startLine: Line, endLine: Line },
        { additionalProperties: false },
      ),
    ),
    calls: Type.Array(Type.Object({ name: Type.String(), object: Type.Optional(Type.String()), line: Line }, { additionalProperties: false })),
  },
  { additionalProperties: false },
);

export interface IndexKeyInput {
  path: string;
  language: string;
  sha256: string;
}

const keyOf = (f: IndexKeyInput) => cacheKey('code-index', { path: f.path, language: f.language, sha256: f.sha256 });

export function cachedFileIndex(cache: EvidenceCache | undefined, file: IndexKeyInput): FileIndex | undefined {
  if (!cache?.dir) return undefined;
  const hit = cache.get('code-index', keyOf(file), FileIndexSchema);
  return hit && hit.path === file.path ? hit : undefined;
}

export function storeFileIndex(cache: EvidenceCache | undefined, file: IndexKeyInput, index: FileIndex): void {
  // resolved is filled in by linking; the entry keeps what indexing alone found.
  if (cache?.dir) cache.put('code-index', keyOf(file), { ...index, imports: index.imports.map(({ resolved: _resolved, ...rest }) => rest) });
}
