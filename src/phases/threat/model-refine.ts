// The threat model's optional model pass: the recon role is shown the deterministic model and the source of the
// files it was built from, and answers corrections (refine-answer.ts) that refine.ts checks and applies. A failed
// or malformed answer, or a spent token budget, leaves the deterministic model as it was, and the model's notes say so.
import { ProviderError } from '../../foundations/errors.ts';
import type { ModelClient } from '../../engines/models/types.ts';
import { sourceBlock, systemPrompt } from '../../engines/prompts/render.ts';
import type { ThreatBody } from './core.ts';
import { applyRefinement, type Refinement } from './refine.ts';
import { ThreatRefinementAnswer } from './refine-answer.ts';
import { compareText } from '../../foundations/text/compare.ts';

/** Source shown to the model, in characters; files past it are listed as not shown (and cannot be cited). */
export const REFINE_SOURCE_CHARS = 120_000;
const MAX_DROPPED_LISTED = 5;

/** The model as the prompt shows it: ids, kinds and what each flow's threats say; no run identity, so replays match. */
function modelText(body: ThreatBody): string {
  return JSON.stringify(
    {
      actors: body.actors.map((a) => ({ id: a.id, name: a.name })),
      assets: body.assets.map((a) => ({ id: a.id, name: a.name, kind: a.kind })),
      boundaries: body.boundaries.map((b) => ({ id: b.id, kind: b.kind, name: b.name })),
      flows: body.flows.map((f) => ({
        id: f.id, boundary: f.boundary, from: f.from, to: f.to, at: `${f.at.file}:${f.at.line}`, ...(f.entry ? { entry: f.entry.name } : {}),
        authentication: f.authentication.status, threats: f.threats.map((t) => ({ stride: t.stride, mitigation: t.mitigation.status, detail: t.mitigation.detail })),
      })),
    },
    null,
    1,
  );
}

/** The files shown, in path order, until the character budget is spent. */
export function shownSources(texts: ReadonlyMap<string, string>): { shown: Map<string, string>; left: string[] } {
  const shown = new Map<string, string>();
  const left: string[] = [];
  let used = 0;
  for (const [path, text] of [...texts].sort(([a], [b]) => compareText(a, b))) {
    if (used + text.length > REFINE_SOURCE_CHARS) left.push(path);
    else {
      shown.set(path, text);
      used += text.length;
    }
  }
  return { shown, left };
}

export type RefineOutcome = { ok: true; refinement: Refinement; by: string; note: string } | { ok: false; note: string };

export async function refineWithModel(client: ModelClient, body: ThreatBody, texts: ReadonlyMap<string, string>, signal: AbortSignal): Promise<RefineOutcome> {
  const { shown, left } = shownSources(texts);
  const prompt = [
    'The deterministic threat model:',
    modelText(body),
    ...(left.length ? [`Not shown (over the size limit, cannot be cited): ${left.join(', ')}`] : []),
    'The source it was built from:',
    ...[...shown].map(([path, text]) => sourceBlock('source', path, text)),
  ].join('\n\n');
  try {
    const result = await client.complete<ThreatRefinementAnswer>({ role: 'recon', system: systemPrompt('threat.md'), prompt, schema: ThreatRefinementAnswer, schemaName: 'threat_refinement', signal });
    const by = `${result.provider}/${result.model}`;
    const refinement = applyRefinement(body, result.value, (file) => shown.get(file), by);
    const { added, adjusted, flows, dropped } = refinement;
    const listed = dropped.slice(0, MAX_DROPPED_LISTED).join('; ');
    const more = dropped.length > MAX_DROPPED_LISTED ? ` (and ${dropped.length - MAX_DROPPED_LISTED} more)` : '';
    const note =
      `Model refinement by ${by}: ${flows} flow(s) added, ${added} threat(s) added, ${adjusted} threat(s) adjusted; ` +
      `${dropped.length} entr${dropped.length === 1 ? 'y' : 'ies'} dropped because the citation or id did not hold${dropped.length ? `: ${listed}${more}` : ''}.`;
    return { ok: true, refinement, by, note };
  } catch (error) {
    if (signal.aborted) throw error;
    // The refinement is an extra: a spent budget skips it (the call was refused before it was sent), never fails the run.
    if (error instanceof ProviderError && error.kind === 'budget') {
      return { ok: false, note: `Model refinement skipped: ${error.message.slice(0, 300)} The deterministic threat model stands unchanged.` };
    }
    return { ok: false, note: `Model refinement failed (${(error as Error).message.slice(0, 300)}): the deterministic threat model stands unchanged.` };
  }
}
