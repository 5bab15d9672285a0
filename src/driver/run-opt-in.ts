// runOptInGroup: the registry's phases of one opt-in group (optIn: 'fix' → the fix plan, then the fixer), in pipeline
// order, outside a run's state, for a command that keeps its artifacts in a folder of its own (`repro --fix` in
// incidents/<id>/). Each phase is built with the caller's collaborators when it accepts them (the entry's `create`)
// and may touch only the artifacts it declares, as inside a scan. Nothing here names a phase.
import { underContract } from '../artifacts/contract.ts';
import type { ArtifactName } from '../artifacts/registry.ts';
import type { WrittenOf } from '../phase-kit/declared-io.ts';
import type { OptIn, PhaseContext } from '../phase-kit/types.ts';
import { PIPELINE, type PhaseDeps } from './registry.ts';

/** Runs the group's phases in order and returns every artifact they wrote, by artifact name, as written. */
export async function runOptInGroup(optIn: OptIn, ctx: PhaseContext, deps: PhaseDeps = {}): Promise<WrittenOf<ArtifactName>> {
  const written: WrittenOf<ArtifactName> = {};
  for (const entry of PIPELINE.filter((p) => p.optIn === optIn)) {
    const phase = entry.create ? await entry.create(deps) : await entry.load();
    const outputs = await underContract({ phase: phase.name, reads: phase.reads, writes: phase.writes }, () => phase.run(ctx));
    Object.assign(written, outputs);
  }
  return written;
}
