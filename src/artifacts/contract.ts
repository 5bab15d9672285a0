// The declared reads and writes of the phase that is running, enforced where artifacts are read and written: a
// phase that reads or writes an artifact it does not declare fails at once (its declaration is wrong), so the
// declarations the driver and the "run phase X first" hints rely on stay true. Outside a phase nothing is checked.
import { AsyncLocalStorage } from 'node:async_hooks';
import { PhaseError } from '../foundations/errors.ts';
import type { ArtifactName } from './registry.ts';

export interface PhaseContract {
  phase: string;
  reads: readonly ArtifactName[];
  writes: readonly ArtifactName[];
}

// Not a phase's artifacts: the run's own bookkeeping (state.json, written by the driver as chunks progress), and
// the target's memory across runs (ledger, suppressions), kept under its own file lock by suppress/lock.ts.
const DRIVER_OWNED: ReadonlySet<ArtifactName> = new Set(['state', 'ledger', 'suppressions']);

const running = new AsyncLocalStorage<PhaseContract>();

/** Runs `work` as `contract.phase`: every artifact read and write inside it is checked against the declaration. */
export function underContract<T>(contract: PhaseContract, work: () => Promise<T>): Promise<T> {
  return running.run(contract, work);
}

/** Reading its own outputs is allowed (a resume re-reads what the phase wrote before). */
export function checkRead(name: ArtifactName): void {
  const c = running.getStore();
  if (!c || DRIVER_OWNED.has(name) || c.reads.includes(name) || c.writes.includes(name)) return;
  throw new PhaseError(`Phase '${c.phase}' read the ${name} artifact without declaring it in its reads (${c.reads.join(', ') || 'none'}): its declaration is wrong.`);
}

export function checkWrite(name: ArtifactName): void {
  const c = running.getStore();
  if (!c || DRIVER_OWNED.has(name) || c.writes.includes(name)) return;
  throw new PhaseError(`Phase '${c.phase}' wrote the ${name} artifact without declaring it in its writes (${c.writes.join(', ') || 'none'}): its declaration is wrong.`);
}
