// The leads phase (scan --leads file.sarif, or `bug-hunter phase leads --leads file.sarif`): reads each SARIF
// file again, refuses one that changed since the run started, and places every result in the target as a
// candidate for the hunter or drops it with the reason. Writes leads.json.
import { readArtifact, writeArtifact } from '../../artifacts/store.ts';
import { SCHEMA_VERSION } from '../../artifacts/schemas/common.ts';
import type { Leads } from '../../artifacts/schemas/leads.ts';
import { IntegrityError, UsageError } from '../../errors.ts';
import { readLeadFile } from '../../leads/read.ts';
import type { PhaseDefinition } from '../types.ts';
import { buildLeads } from './core.ts';

export const leadsPhase: PhaseDefinition = {
  name: 'leads',
  summary: "other analysers' SARIF results as hunter candidates",
  reads: ['triage'],
  writes: ['leads'],
  async run(ctx) {
    const given = ctx.options.leads ?? [];
    if (given.length === 0) throw new UsageError('The leads phase needs at least one --leads <file.sarif>.');
    const files = given.map((g) => {
      const file = readLeadFile(g.path);
      if (file.sha256 !== g.sha256) throw new IntegrityError(`--leads ${g.path} changed since the run started (sha256 ${g.sha256.slice(0, 12)} → ${file.sha256.slice(0, 12)}); start a new run.`);
      return file;
    });
    const triage = readArtifact(ctx.outDir, 'triage');
    const lines = new Map(triage.files.map((f) => [f.path, f.lines]));
    const scanned = new Map(triage.chunks.flatMap((c) => c.files).map((p) => [p, { lines: lines.get(p) ?? 0 }]));
    const body = buildLeads(files, ctx.target, scanned);
    const artifact: Leads = { schemaVersion: SCHEMA_VERSION, artifact: 'leads', run: ctx.identity, generatedAt: new Date().toISOString(), ...body };
    writeArtifact(ctx.outDir, 'leads', artifact);
    const candidates = body.leads.filter((l) => l.status === 'candidate').length;
    ctx.log.progress('leads', 1, 1, `${body.leads.length} lead(s) from ${files.length} SARIF file(s): ${candidates} candidate(s), ${body.leads.length - candidates} dropped`);
  },
};
