// The skeptic phase's shell: every candidate is attacked by the refuters; the panel outcome is recorded per finding.
// The static checks (guards, test code, literals, suppressions) always sit on the panel; with a model configured,
// model refuters from different seats join them (as many as the plan allows). The refutations and the panel rule are
// one library (engines/static/refute/); the skeptic's own decisions are in core.ts.
import type { Skeptic } from '../../artifacts/schemas/skeptic.ts';
import { definePhase } from '../../phase-kit/define-phase.ts';
import { readerAtHashes, readSourceAtHash } from '../../engines/integrity/source.ts';
import { staticPanel, type Vote } from '../../engines/static/refute/index.ts';
import { leadOrigin } from '../../engines/leads/finding.ts';
import { leadLookup } from '../../engines/leads/lookup.ts';
import { publicApiLookup } from '../../engines/static/library-lookup.ts';
import { importedLookup, incomingLookup } from '../../engines/static/incoming-lookup.ts';
import { analysisStoreFor } from '../../engines/cache/static-analysis.ts';
import { modelFor } from '../../phase-kit/types.ts';
import { retrievalContext } from '../../engines/prompts/retrieval-context.ts';
import { modelVotes } from './model-refuters.ts';
import { refuterFile, reviewOf, sittingSeats, unavailableVotes } from './core.ts';
import { inlineSetAside } from '../../engines/suppress/policy.ts';

export const skepticPhase = definePhase({
  name: 'skeptic',
  summary: 'try to disprove each candidate',
  // recon for the public API a refuter weighs; retrieval-plan for model refuters' context (the hunter's); leads for
  // what another analyser said about a finding it raised.
  reads: { triage: 'required', 'adaptive-plan': 'required', 'hunter-findings': 'required', recon: 'optional', 'retrieval-plan': 'optional', leads: 'optional' },
  writes: ['skeptic'],
  roles: ['skeptic'],
  async run(ctx, { triage, 'adaptive-plan': plan, 'hunter-findings': hunter, recon, 'retrieval-plan': retrieval, leads }) {
    const byPath = new Map(triage.files.map((f) => [f.path, f]));
    // Model refuters see the same retrieval context as the hunter of the finding's chunk (callers, definitions).
    const refuterModel = modelFor(ctx, 'skeptic');
    const contextFor = refuterModel ? retrievalContext(ctx.target, retrieval, triage) : undefined;
    const libraryOf = publicApiLookup(recon);
    // The hunter's cross-file pass: a finding it made with another module's input is re-checked with the same input.
    const incomingOf = incomingLookup(hunter.crossFile);
    const importedOf = importedLookup(hunter.crossFile);
    const chunkOf = new Map(triage.chunks.flatMap((c) => c.files.map((f) => [f, c.id] as const)));
    // The hunter's analyses from the evidence cache (with --no-cache, from this run's memory): the re-check does not
    // parse each file again.
    const store = analysisStoreFor(ctx);
    const leadOf = leadLookup(leads, hunter);
    // What a model refuter's quotes are checked against: any file of the run, at the hash triage recorded.
    const readAtHash = readerAtHashes(ctx.target, new Map(triage.files.map((f) => [f.path, f.sha256])));
    // An inline bug-hunter-ignore from the repository is set aside under --no-repo-suppressions, or when the change adds it.
    const setAsideInline = inlineSetAside(Boolean(ctx.options.noRepoSuppressions), triage.diffScope);
    const reviews: Skeptic['reviews'] = [];
    let done = 0;
    for (const finding of hunter.findings) {
      if (ctx.signal.aborted) throw ctx.signal.reason ?? new Error('interrupted');
      const meta = byPath.get(finding.file);
      const source = meta ? readSourceAtHash(ctx.target, finding.file, meta.sha256) : { ok: false as const, reason: `${finding.file} is not in triage.json` };
      let votes: Vote[];
      if (!meta || !source.ok) {
        votes = unavailableVotes(source.ok ? 'source unavailable' : source.reason);
      } else {
        const file = refuterFile({ ...meta, path: finding.file }, source.content, libraryOf(finding.file), incomingOf(finding.file), importedOf(finding.file));
        votes = staticPanel(finding, file, leadOrigin(finding), leadOf(finding.id), { includeTests: ctx.scope.includeTests, ...(store ? { store } : {}), ...(setAsideInline ? { setAsideInline } : {}) });
        const sitting = sittingSeats(plan.limits.refuters, Boolean(ctx.budget?.degraded));
        if (refuterModel && sitting.length > 0) {
          votes.push(...(await modelVotes(refuterModel, sitting, { finding, root: ctx.target, content: source.content, context: contextFor?.(chunkOf.get(finding.file) ?? '') ?? [], read: readAtHash }, ctx.signal)));
        }
      }
      reviews.push(reviewOf(finding.id, votes));
      done += 1;
      ctx.log.progress('skeptic', done, hunter.findings.length);
    }
    return { skeptic: { reviews } };
  },
});
