// The threat phase's per-file facts (router bindings and mounts, token uses, import specifiers, authentication
// definitions, a Next.js middleware) in the evidence
// cache, keyed by the file's path and content hash, the extractor's version and the running code. threatFacts reads
// nothing but the file; resolving specifiers to files is redone every run, so no other file's content is in the key.
import { Type, type Static } from '@sinclair/typebox';
import { RepoPath } from '../../artifacts/schemas/common.ts';
import { THREAT_FACTS_VERSION, type ThreatFacts } from '../attack-surface/threat-facts.ts';
import { cacheKey } from './key.ts';
import type { EvidenceCache } from './store.ts';
import { literalUnion, THREAT_FILE_OPS } from '../../artifacts/schemas/literals.ts';

const Line = Type.Integer({ minimum: 1 });
const Located = Type.Object({ file: RepoPath, line: Line, detail: Type.String() }, { additionalProperties: false });

export const ThreatFactsSchema = Type.Object(
  {
    path: RepoPath,
    bindings: Type.Array(Type.Object({ name: Type.String({ minLength: 1 }), spec: Type.String({ minLength: 1 }) }, { additionalProperties: false })),
    mounts: Type.Array(Type.Object({ line: Line, prefix: Type.String(), args: Type.Array(Type.String()), detail: Type.String() }, { additionalProperties: false })),
    tokenUses: Type.Array(
      Type.Object(
        { at: Located, op: literalUnion(THREAT_FILE_OPS), key: Type.String(), literalKeyAt: Type.Optional(Located) },
        { additionalProperties: false },
      ),
    ),
    imports: Type.Array(Type.String()),
    authDefinitions: Type.Array(Type.Object({ name: Type.String({ minLength: 1 }), at: Located, rejects: Type.Boolean() }, { additionalProperties: false })),
    nextMiddleware: Type.Optional(
      Type.Object({ dir: Type.String(), authAt: Type.Optional(Located), matchers: Type.Optional(Type.Array(Type.String())) }, { additionalProperties: false }),
    ),
  },
  { additionalProperties: false },
);
// The schema must describe the extractor's own type: this line stops compiling when the two drift apart.
export const schemaMatchesFacts: (value: Static<typeof ThreatFactsSchema>) => ThreatFacts = (value) => value;

export interface ThreatKeyInput {
  path: string;
  /** The content hash triage recorded (the content was read at that hash). */
  sha256: string;
}

/** `version`: the extractor's (a test passes another to show it is in the key). */
export function threatFactsKey(file: ThreatKeyInput, version = THREAT_FACTS_VERSION): string {
  return cacheKey('threat', { extractor: version, path: file.path, sha256: file.sha256 });
}

export function cachedThreatFacts(cache: EvidenceCache, file: ThreatKeyInput): ThreatFacts | undefined {
  if (!cache.dir) return undefined;
  const hit = cache.get('threat', threatFactsKey(file), ThreatFactsSchema);
  // The entry was stored for this path, and every fact it holds points into it: anything else is a damaged entry.
  if (!hit || hit.path !== file.path) return undefined;
  return hit.tokenUses.every((u) => u.at.file === file.path && (!u.literalKeyAt || u.literalKeyAt.file === file.path)) ? hit : undefined;
}

export function storeThreatFacts(cache: EvidenceCache, file: ThreatKeyInput, facts: ThreatFacts): void {
  if (cache.dir) cache.put('threat', threatFactsKey(file), facts);
}
