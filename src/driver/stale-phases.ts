// Which phases must run again, in pipeline order, before `phase <name>` by hand may run: those of the phase's
// inputs (followed through the declared reads to the phases that write them) that did not run in this run or
// whose artifact is missing or another run's, and every phase between that depends on one of them. Pure: the
// caller says which phases are in the run, which are done, and whose run each artifact on disk is.
import type { ArtifactName } from '../artifacts/registry.ts';
import type { PhaseDefinition } from '../phase-kit/types.ts';

export type ArtifactRun = 'this-run' | 'other-run' | 'missing';

export interface RunView {
  /** False for a phase this run does not take (an opt-in phase it was not asked for). */
  inRun(phase: string): boolean;
  /** Recorded as done in this run's state.json. */
  done(phase: string): boolean;
  artifactRun(name: ArtifactName): ArtifactRun;
}

export interface StaleChain {
  /** The phases to run, oldest first, ending with the phase asked for. */
  phases: string[];
  /** Why the oldest of them is stale, in words. */
  reason: string;
}

type Declaration = Pick<PhaseDefinition, 'name' | 'reads' | 'requires' | 'writes'>;

/** Null when every input of `target` is this run's; else the phases to run first (and `target` last). */
export function staleChain(pipeline: readonly Declaration[], target: string, view: RunView, crossRun: ReadonlySet<ArtifactName>): StaleChain | null {
  const inRun = pipeline.filter((p) => p.name === target || view.inRun(p.name));
  const byName = new Map(inRun.map((p) => [p.name, p]));
  const producers = (name: ArtifactName) => inRun.filter((p) => p.writes.includes(name) && p.name !== target);
  // Each phase's producers: the phases it depends on through its reads.
  const upstream = new Map(inRun.map((p) => [p.name, new Set(p.reads.filter((r) => !crossRun.has(r)).flatMap((r) => producers(r).map((q) => q.name)))]));
  const closure = new Set<string>();
  const pending = [target];
  while (pending.length > 0) {
    for (const q of upstream.get(pending.pop()!) ?? []) {
      if (!closure.has(q)) {
        closure.add(q);
        pending.push(q);
      }
    }
  }
  const required = new Set([...closure, target].flatMap((n) => byName.get(n)?.requires ?? []));
  const reasons = new Map<string, string>();
  for (const name of closure) {
    const reason = staleReason(byName.get(name)!, view, required, crossRun);
    if (reason) reasons.set(name, reason);
  }
  if (reasons.size === 0) return null;
  // A phase depending on a stale one is stale too: its output was made from the stale input. Pipeline order is an
  // order of the reads (a phase reads only what phases before it write), so one pass in that order finds them all.
  const stale = new Set<string>();
  for (const p of inRun) {
    if (closure.has(p.name) && (reasons.has(p.name) || [...upstream.get(p.name)!].some((q) => stale.has(q)))) stale.add(p.name);
  }
  const phases = inRun.map((p) => p.name).filter((n) => n === target || stale.has(n));
  const oldest = phases.find((n) => reasons.has(n))!;
  return { phases, reason: reasons.get(oldest)! };
}

function staleReason(phase: Declaration, view: RunView, required: ReadonlySet<ArtifactName>, crossRun: ReadonlySet<ArtifactName>): string | undefined {
  const other = phase.writes.find((w) => !crossRun.has(w) && view.artifactRun(w) === 'other-run');
  if (other) return `${other} is another run's (phase ${phase.name} has not run in this run)`;
  if (!view.done(phase.name)) return `phase ${phase.name} has not run in this run`;
  const missing = phase.writes.find((w) => required.has(w) && view.artifactRun(w) === 'missing');
  if (missing) return `${missing} is missing`;
  return undefined;
}
