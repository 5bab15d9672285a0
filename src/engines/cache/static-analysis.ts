// The static engine's per-file analysis in the evidence cache. The key holds everything huntFile reads: the
// file's path (findings name it), language, content hash, library package (recon's publicApi) and the request
// input other modules pass to its exports (the cross-file pass), the rule set
// (STATIC_ENGINE_VERSION) and the running code. The rules look at nothing else, so a changed file invalidates
// that file and the files it passes request input to. isTest is not in the key: the analysis does not read it (the skeptic does, afresh).
import { Type, type Static } from '@sinclair/typebox';
import { literalUnion, SANITISER_KINDS, SUPPRESSION_KINDS, TAINT_ORIGIN_KINDS } from '../../artifacts/schemas/literals.ts';
import { Finding } from '../../artifacts/schemas/common.ts';
import { sha256 } from '../../foundations/hashing/hash.ts';
import { STATIC_ENGINE_VERSION, type AnalysisStore, type SourceFile, type StoredAnalysis } from '../static/index.ts';
import { cacheKey } from './key.ts';
import type { EvidenceCache } from './store.ts';

const Line = Type.Integer({ minimum: 1 });

const SourceFacts = Type.Object(
  {
    kind: literalUnion(TAINT_ORIGIN_KINDS),
    via: Type.String(),
    names: Type.Array(Type.String()),
    sourceLine: Type.Optional(Type.Integer({ minimum: 0 })),
    api: Type.Optional(Type.String()),
    built: Type.Optional(Type.Boolean()),
    cut: Type.Optional(Type.String()),
    steps: Type.Optional(Type.Array(Type.Object({ line: Line, note: Type.String(), file: Type.Optional(Type.String()) }, { additionalProperties: false }))),
  },
  { additionalProperties: false },
);

const GuardFact = Type.Object(
  {
    kind: literalUnion(SANITISER_KINDS),
    text: Type.String(),
    line: Type.Integer({ minimum: 0 }),
  },
  { additionalProperties: false },
);

const Candidate = Type.Object(
  {
    ruleId: Type.String({ minLength: 1 }),
    startLine: Line,
    endLine: Line,
    symbol: Type.String(),
    subject: Type.String(),
    detail: Type.String(),
    source: Type.Optional(SourceFacts),
    guard: Type.Optional(GuardFact),
    structural: Type.Optional(Type.String()),
    severity: Type.Optional(Finding.properties.severity),
    interprets: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);

export const StoredAnalysisSchema = Type.Object(
  {
    entries: Type.Array(Type.Object({ finding: Finding, candidate: Candidate }, { additionalProperties: false })),
    suppressions: Type.Array(
      Type.Object(
        { line: Line, ruleId: Type.String(), reason: Type.String(), text: Type.String(), kind: Type.Optional(literalUnion(SUPPRESSION_KINDS)), endLine: Type.Optional(Line) },
        { additionalProperties: false },
      ),
    ),
  },
  { additionalProperties: false },
);
// The schema must describe the engine's own type: this line stops compiling when the two drift apart.
export const schemaMatchesEngine: (value: Static<typeof StoredAnalysisSchema>) => StoredAnalysis = (value) => value;

/** `code`: the build's source hash (default the running code's; a test of the compiled CLI passes dist/'s). */
export function staticKey(file: SourceFile, engineVersion = STATIC_ENGINE_VERSION, code?: string): string {
  // The arguments other modules pass in change what the file's own analysis finds, so they are part of its key.
  const incoming = file.incoming && file.incoming.length > 0 ? { incoming: file.incoming } : {};
  const imported = file.imported && file.imported.length > 0 ? { imported: file.imported } : {};
  return cacheKey('static', { engine: engineVersion, path: file.path, language: file.language, publicApi: file.publicApi ?? null, sha256: sha256(file.content), ...incoming, ...imported }, code);
}

/** The hunt's analyses for this run only, in memory: with no evidence cache (--no-cache) the skeptic's re-check still
 * reads what the hunter found instead of analysing each file with a finding again (a quarter of a small scan). Kept as
 * text, as the cache keeps it, so no reader shares an object with another. */
export function runAnalysisStore(): AnalysisStore {
  const held = new Map<string, string>();
  return {
    get: (file) => {
      const text = held.get(staticKey(file));
      return text === undefined ? undefined : (JSON.parse(text) as StoredAnalysis);
    },
    put: (file, analysis) => {
      held.set(staticKey(file), JSON.stringify(analysis));
    },
  };
}

/** The store a phase keeps the static engine's analyses in: the evidence cache, else the run's memory (--no-cache),
 * else none (a phase run without a session). */
export function analysisStoreFor(ctx: { cache?: EvidenceCache; analyses?: AnalysisStore }): AnalysisStore | undefined {
  return (ctx.cache && staticAnalysisStore(ctx.cache)) ?? ctx.analyses;
}

export function staticAnalysisStore(cache: EvidenceCache): AnalysisStore | undefined {
  if (!cache.dir) return undefined;
  return {
    get: (file) => cache.get('static', staticKey(file), StoredAnalysisSchema) as StoredAnalysis | undefined,
    put: (file, analysis) => cache.put('static', staticKey(file), analysis),
  };
}
