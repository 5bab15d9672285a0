// The cross-file pass's per-file step in the evidence cache: the tainted arguments one file passes to the modules it
// imports. The step (outgoingCalls) reads of the file its path (source handlers and the parse go by it), language,
// library package (recon's publicApi: whether exported parameters are a caller's), test flag, content and the
// incoming arguments it has at that hop (they make its exported parameters tainted), the facts about its imports
// (a helper returning its argument carries input on), plus the specifiers the pass
// follows from it; the rules are fixed by the engine version and the running code. The key holds all of those (the
// content by its hash), so a hit is the answer the step would give; it is still re-checked (stored-calls.ts).
import { Type, type Static } from '@sinclair/typebox';
import { sha256 } from '../../foundations/hashing/hash.ts';
import { STATIC_ENGINE_VERSION, type CallsStore, type OutgoingCall, type SourceFile } from '../static/index.ts';
import { cacheKey } from './key.ts';
import type { EvidenceCache } from './store.ts';

export const StoredCalls = Type.Array(
  Type.Object(
    {
      specifier: Type.String({ minLength: 1 }),
      export: Type.String(),
      param: Type.Integer({ minimum: 0 }),
      via: Type.String(),
      line: Type.Integer({ minimum: 1 }),
      api: Type.Optional(Type.String()),
      built: Type.Optional(Type.Boolean()),
    },
    { additionalProperties: false },
  ),
);
// The schema must describe the engine's own type: this line stops compiling when the two drift apart.
export const schemaMatchesEngine: (value: Static<typeof StoredCalls>) => OutgoingCall[] = (value) => value;

/** `code`: the build's source hash (default the running code's). */
export function crossFileCallsKey(file: SourceFile, wanted: readonly string[], engineVersion = STATIC_ENGINE_VERSION, code?: string): string {
  return cacheKey(
    'cross-file-calls',
    {
      engine: engineVersion,
      path: file.path,
      language: file.language,
      isTest: file.isTest,
      publicApi: file.publicApi ?? null,
      sha256: sha256(file.content),
      // outgoingCalls reads a missing list as an empty one.
      incoming: file.incoming ?? [],
      // What its imports return of their arguments (module facts) decides what it passes on too.
      imported: file.imported ?? [],
      wanted: [...wanted].sort(),
    },
    code,
  );
}

export function crossFileCallsStore(cache: EvidenceCache): CallsStore | undefined {
  if (!cache.dir) return undefined;
  return {
    get: (file, wanted) => cache.get('cross-file-calls', crossFileCallsKey(file, wanted), StoredCalls),
    put: (file, wanted, calls) => cache.put('cross-file-calls', crossFileCallsKey(file, wanted), calls),
  };
}
