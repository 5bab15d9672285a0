// The threat phase's deterministic model of one whole set of files in the evidence cache (as the cross-file pass
// is kept): keyed by every file's path and the content hash triage recorded, recon.json's body (the model is built
// from it), the facts extractor's version and the running code. buildThreatModelFromFacts reads nothing else (the
// files' facts and the texts it quotes are functions of their content), so on an unchanged tree the phase neither
// looks up 5,000 per-file facts nor reads the files recon found entry points in. A hit is the model of the content
// triage read in this run, as a per-file hit is. A model refined by a model client is not kept here (its calls are).
import { Type, type Static } from '@sinclair/typebox';
import { ThreatModel } from '../../artifacts/schemas/threat-model.ts';
import type { Recon } from '../../artifacts/schemas/recon.ts';
import { THREAT_FACTS_VERSION } from '../attack-surface/threat-facts.ts';
import { hashJson } from '../../foundations/hashing/hash.ts';
import { citesOnly } from './cited-files.ts';
import { cacheKey } from './key.ts';
import type { EvidenceCache } from './store.ts';
import type { ThreatKeyInput } from './threat-file.ts';

/** threat-model.json without its header: what buildThreatModelFromFacts returns. */
export const ThreatBodySchema = Type.Omit(ThreatModel, ['schemaVersion', 'artifact', 'run', 'generatedAt']);
type ThreatBody = Static<typeof ThreatBodySchema>;

/** `version`: the extractor's (a test passes another to show it is in the key). */
export function threatModelKey(files: readonly ThreatKeyInput[], recon: Recon, version = THREAT_FACTS_VERSION): string {
  // The header names the run and its time: not part of what the model is built from.
  const { run: _run, generatedAt: _generatedAt, ...reconBody } = recon;
  return cacheKey('threat-model', { extractor: version, files: files.map((f) => [f.path, f.sha256]), recon: hashJson(reconBody) });
}

/**
 * The model stored for this key, or undefined. Only what the deterministic builder makes is an answer: an entry that
 * says a model refined it, or cites a file outside the set, is damaged or planted (the model sets the CVSS attack
 * vector of every security finding).
 */
export function cachedThreatModel(cache: EvidenceCache, key: string, files: readonly ThreatKeyInput[]): ThreatBody | undefined {
  if (!cache.dir) return undefined;
  const paths = new Set(files.map((f) => f.path));
  return cache.get('threat-model', key, ThreatBodySchema, (hit) => {
    if (hit.source !== 'deterministic' || hit.flows.some((f) => f.addedBy !== undefined || f.threats.some((t) => t.refined !== undefined))) return 'says a model refined it';
    return citesOnly(hit, paths) ? undefined : 'cites a file outside the files it was stored for';
  }) as ThreatBody | undefined;
}

export function storeThreatModel(cache: EvidenceCache, key: string, body: ThreatBody): void {
  if (cache.dir) cache.put('threat-model', key, body);
}
