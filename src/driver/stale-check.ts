// The I/O half of staleChain for `phase <name>` by hand: which phases the run in state.json takes (every phase that
// is not opt-in; an opt-in one it ran or its options ask for), which it finished, and whose run each artifact on
// disk is. Reads only the artifacts' headers; a file that does not parse counts as missing (its reader says why).
import { existsSync, readFileSync } from 'node:fs';
import type { ArtifactName } from '../artifacts/registry.ts';
import type { RunIdentity } from '../artifacts/schemas/common.ts';
import type { RunState } from '../artifacts/schemas/state.ts';
import { artifactPath } from '../artifacts/store.ts';
import { PIPELINE, type PipelineEntry } from './registry.ts';
import { otherRunFields } from '../engines/run/identity.ts';
import { builtDeclarations } from './run-artifacts.ts';
import { READ_ACROSS_RUNS } from '../phase-kit/declared-io.ts';
import { staleChain, type ArtifactRun, type RunView, type StaleChain } from './stale-phases.ts';

// The opt-in phases a run's options ask for (verify and repro leave no option: they count once they ran).
const ASKED_BY_OPTIONS: Record<NonNullable<PipelineEntry['optIn']>, (options: RunState['options']) => boolean> = {
  depScan: (o) => o.depScan !== undefined,
  leads: (o) => (o.leads?.length ?? 0) > 0,
  fix: (o) => o.fix === true,
  verify: () => false,
  repro: () => false,
};

function takes(state: RunState, name: string): boolean {
  const entry = PIPELINE.find((p) => p.name === name);
  return !entry?.optIn || state.phases[name] !== undefined || ASKED_BY_OPTIONS[entry.optIn](state.options);
}

function artifactRunOf(outDir: string, name: ArtifactName, run: RunIdentity): ArtifactRun {
  const path = artifactPath(outDir, name);
  if (!existsSync(path)) return 'missing';
  try {
    const header = JSON.parse(readFileSync(path, 'utf8')) as { run?: RunIdentity };
    if (!header.run) return 'missing';
    return otherRunFields(header.run, run).length === 0 ? 'this-run' : 'other-run';
  } catch {
    return 'missing';
  }
}

/** The phases to run before `target` (and it last) so that it joins this run's artifacts only; null when none. */
export async function phasesToRunFirst(outDir: string, state: RunState, target: string): Promise<StaleChain | null> {
  const view: RunView = {
    inRun: (name) => takes(state, name),
    done: (name) => state.phases[name]?.status === 'done',
    artifactRun: (name) => artifactRunOf(outDir, name, state.run),
  };
  return staleChain(await builtDeclarations(), target, view, READ_ACROSS_RUNS);
}

/** When the tree changed under the run: a new run from triage, then every phase `target` depends on, then it. */
export async function phasesOfNewRun(state: RunState, target: string, reason: string): Promise<StaleChain> {
  const view: RunView = { inRun: (name) => takes(state, name), done: () => false, artifactRun: () => 'missing' };
  const chain = staleChain(await builtDeclarations(), target, view, READ_ACROSS_RUNS);
  return { phases: chain?.phases ?? [target], reason };
}
