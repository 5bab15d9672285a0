// One phase run under the run's state, the same way in `scan` and `phase <name>`: marked running, then done or
// failed (with the error) in state.json; once the adaptive plan is written, the budget learns what the run set out to do.
import { underContract } from '../artifacts/contract.ts';
import { chunkPlanOf } from './estimate.ts';
import type { ModelSetup } from './model-setup.ts';
import type { PhaseDefinition } from '../phase-kit/types.ts';
import { withRerunHint } from './hints.ts';
import type { PhaseSession } from './session.ts';

/** `prepare` runs first, as part of the phase (the driver making an input the phase reads, as scan's --baseline
 * step makes baseline.json). Returns what the phase wrote: its artifacts by name, as written. */
export async function runPhaseStep(phase: PhaseDefinition, session: PhaseSession, models: ModelSetup, prepare?: () => Promise<void>): Promise<unknown> {
  const { ctx, store } = session;
  store.markPhase(phase.name, 'running');
  let written: unknown;
  try {
    await prepare?.();
    // The phase may touch only the artifacts it declares; the driver's own steps (prepare) are outside that.
    written = await underContract({ phase: phase.name, reads: phase.reads, writes: phase.writes }, () => phase.run(ctx));
  } catch (error) {
    // An interrupted phase stays 'running': the resume picks it up again.
    const failure = await withRerunHint(error);
    if (!ctx.signal.aborted) store.markPhase(phase.name, 'failed', (failure as Error).message);
    throw failure;
  }
  store.markPhase(phase.name, 'done');
  // Recorded so later estimates calibrate against what the run set out to do.
  if (phase.writes.includes('adaptive-plan') && session.budget) session.budget.setPlan(chunkPlanOf(ctx.outDir, models));
  return written;
}
