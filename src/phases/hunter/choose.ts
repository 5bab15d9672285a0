// Which hunter runs: the static engine alone, or — with a model configured — model lenses fed by static leads,
// with the static candidates kept too (they are the high-precision floor).
import type { Finding } from '../../artifacts/schemas/common.ts';
import type { Recon } from '../../artifacts/schemas/recon.ts';
import { publicApiLookup } from '../../engines/static/library-lookup.ts';
import { modelLenses } from '../../engines/prompts/lenses.ts';
import { modelFor, type PhaseContext } from '../../phase-kit/types.ts';
import type { ChunkSource, HunterEngine } from './engine.ts';
import { modelHunter } from './model-engine.ts';
import { staticHunter, type StaticHunterOptions } from './static-engine.ts';

/** `recon`: the public API the static lenses weigh (none without recon.json). */
export function chooseHunter(ctx: PhaseContext, recon: Recon | undefined, planLenses: readonly string[], contextFor?: (chunkId: string) => string[], staticOptions: StaticHunterOptions = {}): HunterEngine {
  const floor = staticHunter(publicApiLookup(recon), staticOptions);
  const client = modelFor(ctx, 'hunter');
  if (!client) return floor;
  const leads = new Map<string, Finding[]>();
  const model = modelHunter({
    client,
    lenses: modelLenses(planLenses),
    leadsFor: (id) => leads.get(id) ?? [],
    degraded: () => ctx.budget?.degraded ?? false,
    ...(contextFor ? { contextFor } : {}),
  });
  return {
    name: 'static+model',
    lenses: ['static-rules', ...model.lenses],
    async hunt(chunkId: string, files: ChunkSource[], signal: AbortSignal) {
      const fromStatic = await floor.hunt(chunkId, files, signal);
      leads.set(chunkId, fromStatic);
      const fromModel = await model.hunt(chunkId, files, signal);
      return [...fromStatic, ...fromModel];
    },
    close: () => floor.close?.() ?? Promise.resolve(),
  };
}
