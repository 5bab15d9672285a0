// The threat phase's shell: reads triage.json, recon.json and the sources recon examined (at triage's hashes),
// builds the STRIDE threat model (pure core) and writes threat-model.json and its view threat-model.md.
import { join } from 'node:path';
import { readArtifact, writeArtifact } from '../../artifacts/store.ts';
import { SCHEMA_VERSION } from '../../artifacts/schemas/common.ts';
import type { ThreatModel } from '../../artifacts/schemas/threat-model.ts';
import { writeFileAtomic } from '../../fs/atomic.ts';
import { readSourceAtHash } from '../../integrity/source.ts';
import { renderThreatModel } from '../../security/threat-markdown.ts';
import type { PhaseContext, PhaseDefinition } from '../types.ts';
import { buildThreatModel } from './core.ts';

export const THREAT_MARKDOWN = 'threat-model.md';

export async function runThreat(ctx: PhaseContext): Promise<ThreatModel> {
  ctx.signal.throwIfAborted();
  const triage = readArtifact(ctx.outDir, 'triage');
  const recon = readArtifact(ctx.outDir, 'recon');
  const excluded = new Set(recon.excluded.map((e) => e.file));
  const sources = new Map<string, string>();
  const notes: string[] = [];
  for (const f of triage.files.filter((x) => (triage.includeTests || !x.isTest) && !excluded.has(x.path))) {
    const source = readSourceAtHash(ctx.target, f.path, f.sha256);
    if (source.ok) sources.set(f.path, source.content);
    else notes.push(`${f.path} was not read (${source.reason}): its mitigations and mounts are not in the model.`);
  }
  const body = buildThreatModel({ recon, sources });
  const model: ThreatModel = {
    schemaVersion: SCHEMA_VERSION,
    artifact: 'threat-model',
    run: ctx.identity,
    generatedAt: new Date().toISOString(),
    ...body,
    notes: [...body.notes, ...notes],
  };
  writeThreatModel(ctx.outDir, model);
  const open = model.flows.reduce((n, f) => n + f.threats.filter((t) => t.mitigation.status === 'absent').length, 0);
  ctx.log.progress('threat', 1, 1, `${model.boundaries.length} trust boundary(ies), ${model.flows.length} flow(s), ${open} threat(s) with no mitigation seen`);
  return model;
}

/** The view first, the artifact last: a threat-model.json on disk always has its markdown beside it. */
export function writeThreatModel(outDir: string, model: ThreatModel): void {
  writeFileAtomic(join(outDir, THREAT_MARKDOWN), renderThreatModel(model));
  writeArtifact(outDir, 'threat-model', model);
}

export const threatPhase: PhaseDefinition = {
  name: 'threat',
  summary: 'STRIDE threat model from recon: threat-model.json and threat-model.md',
  reads: ['triage', 'recon'],
  writes: ['threat-model'],
  async run(ctx) {
    await runThreat(ctx);
  },
};
