// runPhases: the phases of an opened run, in order, the same way for `scan`, `scan --resume` and `phase <name>`.
// Each phase runs under the run's state (runPhaseStep); before it, the driver makes the inputs the phase reads that
// no phase writes (scan's --baseline step makes baseline.json), and after it the cache packs what the phase
// computed and the later phases of the run are marked to run again. A resume keeps a phase done in the interrupted
// run while every artifact it wrote is still there. Nothing here names a phase: it goes by their declarations.
import type { ArtifactName } from '../artifacts/registry.ts';
import { hasArtifact } from '../artifacts/store.ts';
import type { Run } from './open-run.ts';
import type { PipelineEntry } from './registry.ts';
import { runPhaseStep } from './run-phase.ts';

/** The driver's steps that make an artifact a phase reads and no phase writes, by artifact. */
export type InputMakers = Partial<Record<ArtifactName, () => Promise<void>>>;

export interface PhasesRun {
  /** What each phase that ran wrote, by phase name (its artifacts by name, as written). */
  written: Map<string, unknown>;
  /** The run's signal was aborted: the phases after the one running then did not start. */
  interrupted: boolean;
  /** The error the interrupted phase threw while the signal was aborted, if any. */
  error?: unknown;
}

export async function runPhases(run: Run, entries: readonly PipelineEntry[], makers: InputMakers = {}): Promise<PhasesRun> {
  const { store, session, outDir, models } = run;
  const { ctx } = session;
  const order = entries.map((p) => p.name);
  const written = new Map<string, unknown>();
  for (const entry of entries) {
    // A turn of the event loop first, so a Ctrl-C during the last phase is seen before the next starts: loaded phases
    // whose work the cache answers may otherwise run to the end without waiting on I/O once.
    await new Promise((resolveTurn) => setImmediate(resolveTurn));
    if (ctx.signal.aborted) return { written, interrupted: true };
    const phase = await entry.load();
    // A phase done in the interrupted run is kept only while every artifact it wrote is still there.
    if (run.mode === 'resume' && store.phaseStatus(entry.name) === 'done' && phase.writes.every((name) => hasArtifact(outDir, name))) {
      ctx.log.info(`${entry.name}: done in the interrupted run, kept`);
      continue;
    }
    const steps = phase.reads.flatMap((name) => makers[name] ?? []);
    const prepare = steps.length === 0 ? undefined : async () => {
      for (const step of steps) await step();
    };
    try {
      written.set(entry.name, await runPhaseStep(phase, session, models, prepare));
    } catch (error) {
      if (ctx.signal.aborted) return { written, interrupted: true, error };
      throw error;
    } finally {
      // One pack per kind per phase: what a phase computed survives a crash in a later one.
      ctx.cache?.flush();
    }
    store.resetPhasesAfter(order, entry.name);
  }
  return { written, interrupted: ctx.signal.aborted };
}
