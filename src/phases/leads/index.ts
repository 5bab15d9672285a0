// The leads phase (scan --leads file.sarif, or `bug-hunter phase leads --leads file.sarif`): reads each SARIF
// file again, refuses one that changed since the run started, and places every result in the target as a
// candidate for the hunter or drops it with the reason: leads.json's body.
import { definePhase } from '../../phase-kit/define-phase.ts';
import { IntegrityError, UsageError } from '../../foundations/errors.ts';
import { readLeadFile } from '../../engines/leads/read.ts';
import { leadPath } from '../../engines/leads/paths.ts';
import { classOf } from '../../engines/static/lead-classes.ts';
import { buildLeads } from './core.ts';

export const leadsPhase = definePhase({
  name: 'leads',
  summary: "other analysers' SARIF results as hunter candidates",
  reads: { triage: 'required' },
  writes: ['leads'],
  roles: [],
  async run(ctx, { triage }) {
    const given = ctx.options.leads ?? [];
    if (given.length === 0) throw new UsageError('The leads phase needs at least one --leads <file.sarif>.');
    const files = given.map((g) => {
      const file = readLeadFile(g.path);
      if (file.sha256 !== g.sha256) throw new IntegrityError(`--leads ${g.path} changed since the run started (sha256 ${g.sha256.slice(0, 12)} → ${file.sha256.slice(0, 12)}); start a new run.`);
      return file;
    });
    const lines = new Map(triage.files.map((f) => [f.path, f.lines]));
    const scanned = new Map(triage.chunks.flatMap((c) => c.files).map((p) => [p, { lines: lines.get(p) ?? 0 }]));
    const paths = new Set(scanned.keys());
    const body = buildLeads(files, scanned, { place: (uri) => leadPath(uri, ctx.target, paths), classify: classOf });
    const candidates = body.leads.filter((l) => l.status === 'candidate').length;
    ctx.log.progress('leads', 1, 1, `${body.leads.length} lead(s) from ${files.length} SARIF file(s): ${candidates} candidate(s), ${body.leads.length - candidates} dropped`);
    return { leads: body };
  },
});
