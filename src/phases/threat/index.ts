// The threat phase's shell: from triage.json and recon.json, reads the sources recon examined (at triage's hashes),
// builds the STRIDE threat model (pure core) and, whenever a model serves the recon role, lets that model refine it
// (off with --no-refine-threat-model); the driver writes threat-model.json and its view threat-model.md. Per-file
// facts come from the evidence cache when the file's content hash is known there; such a file is read only when
// recon found an entry point or boundary in it (the model quotes the lines around them). Without a refining model,
// the whole model of an unchanged set of files (and recon) comes from the cache (src/engines/cache/threat-model.ts).
import type { Recon } from '../../artifacts/schemas/recon.ts';
import type { ThreatModel } from '../../artifacts/schemas/threat-model.ts';
import type { Triage } from '../../artifacts/schemas/triage.ts';
import { definePhase } from '../../phase-kit/define-phase.ts';
import { readSourceAtHash } from '../../engines/integrity/source.ts';
import { renderThreatModel } from '../../engines/report/threat-markdown.ts';
import { THREAT_MARKDOWN } from '../../engines/report/threat-model-files.ts';
import { modelFor, type PhaseContext } from '../../phase-kit/types.ts';
import type { ModelClient } from '../../engines/models/types.ts';
import { buildThreatModelFromFacts, filesNeedingText, refinedModel, threatSummary, type ThreatBody } from './core.ts';
import { refineWithModel } from './model-refine.ts';
import { threatFacts, type ThreatFacts } from '../../engines/attack-surface/threat-facts.ts';
import { cachedThreatFacts, storeThreatFacts } from '../../engines/cache/threat-file.ts';
import { DISABLED_CACHE } from '../../engines/cache/store.ts';
import { cachedThreatModel, storeThreatModel, threatModelKey } from '../../engines/cache/threat-model.ts';

export const threatPhase = definePhase({
  name: 'threat',
  summary: 'STRIDE threat model from recon: threat-model.json and threat-model.md',
  reads: { triage: 'required', recon: 'required' },
  writes: ['threat-model'],
  // The recon role's model refines the model unless --no-refine-threat-model.
  roles: ['recon'],
  // The view first, the artifact last: a threat-model.json on disk always has its markdown beside it.
  views: [{ file: THREAT_MARKDOWN, render: (written) => written['threat-model'] && renderThreatModel(written['threat-model']) }],
  run: async (ctx, { triage, recon }) => ({ 'threat-model': await threatModel(ctx, triage, recon) }),
});

/** Runs the threat phase and returns threat-model.json as written. */
export async function runThreat(ctx: PhaseContext): Promise<ThreatModel> {
  return (await threatPhase.run(ctx))['threat-model'] as ThreatModel;
}

async function threatModel(ctx: PhaseContext, triage: Triage, recon: Recon) {
  ctx.signal.throwIfAborted();
  const cache = ctx.cache ?? DISABLED_CACHE;
  const excluded = new Set(recon.excluded.map((e) => e.file));
  const needText = filesNeedingText(recon);
  const facts = new Map<string, ThreatFacts>();
  const texts = new Map<string, string>();
  const notes: string[] = [];
  const files = triage.files.filter((x) => (triage.includeTests || !x.isTest) && !excluded.has(x.path));
  const refiner = refiningModel(ctx);
  // Without a refining model the model is a function of the files' content and recon: kept whole for the set.
  const wholeKey = cache.dir && !refiner ? threatModelKey(files, recon) : undefined;
  const whole = wholeKey && cachedThreatModel(cache, wholeKey, files);
  if (whole) return reported(ctx, whole);
  for (const f of files) {
    const known = cachedThreatFacts(cache, f);
    if (known && !needText.has(f.path)) {
      facts.set(f.path, known);
      continue;
    }
    const source = readSourceAtHash(ctx.target, f.path, f.sha256);
    if (!source.ok) {
      notes.push(`${f.path} was not read (${source.reason}): its mitigations and mounts are not in the model.`);
      continue;
    }
    const fresh = known ?? threatFacts(f.path, source.content);
    if (!known) storeThreatFacts(cache, f, fresh);
    facts.set(f.path, fresh);
    if (needText.has(f.path)) texts.set(f.path, source.content);
  }
  const built = buildThreatModelFromFacts({ recon, facts, texts });
  // A model built with a file left unread depends on that read: not kept.
  if (wholeKey && notes.length === 0) storeThreatModel(cache, wholeKey, built);
  const body = refiner ? await refine(ctx, refiner, built, texts, notes) : built;
  return reported(ctx, { ...body, notes: [...body.notes, ...notes] });
}

function reported(ctx: PhaseContext, model: ThreatBody): ThreatBody {
  ctx.log.progress('threat', 1, 1, threatSummary(model));
  return model;
}

/**
 * The model that corrects the deterministic model: the recon role's, unless --no-refine-threat-model. Without one,
 * nothing to note: the deterministic model is what was asked for (an explicit --refine-threat-model without one is
 * exit 2 earlier).
 */
function refiningModel(ctx: PhaseContext): ModelClient | undefined {
  return ctx.options.refineThreatModel === false ? undefined : modelFor(ctx, 'recon');
}

/** The model's correction; whatever fails, or a spent token budget, leaves the deterministic model standing with a note. */
async function refine(ctx: PhaseContext, client: ModelClient, body: ThreatBody, texts: ReadonlyMap<string, string>, notes: string[]): Promise<ThreatBody> {
  const outcome = await refineWithModel(client, body, texts, ctx.signal);
  notes.push(outcome.note);
  if (!outcome.ok) {
    ctx.log.warn(`threat: ${outcome.note}`);
    return body;
  }
  ctx.log.info(`threat: ${outcome.note}`);
  return refinedModel(body, outcome.refinement);
}
