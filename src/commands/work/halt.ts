// The queue's safety stop: three systemic failures in a row (crash, timeout, setup) halt it, because the next
// issue would most likely fail the same way. A spec-level failure (a gate, the review) is about its own issue:
// it neither counts nor clears the streak. Only an issue that went through clears it. Pure.
import { failedAgain, HALT_AFTER, mustHalt } from '../../engines/halt/halt.ts';

export const SYSTEMIC_FAILURES = ['crash', 'timeout', 'setup'] as const;
export const SPEC_FAILURES = ['gate', 'review'] as const;
export type IssueEnd = 'done' | (typeof SYSTEMIC_FAILURES)[number] | (typeof SPEC_FAILURES)[number];

export { HALT_AFTER };

export interface HaltState {
  streak: number;
  halted: boolean;
  /** The systemic failures of the current streak, oldest first, for the summary. */
  causes: string[];
}

export function startHalt(): HaltState {
  return { streak: 0, halted: false, causes: [] };
}

/** The state after one issue ended (in the order issues finish). */
export function recordEnd(state: HaltState, end: IssueEnd, detail: string, limit = HALT_AFTER): HaltState {
  if (state.halted) return state;
  if (end === 'done') return startHalt();
  if ((SPEC_FAILURES as readonly string[]).includes(end)) return state;
  const run = failedAgain({ count: state.streak, causes: state.causes }, `${end}: ${detail}`);
  return { streak: run.count, halted: mustHalt(run, limit), causes: run.causes };
}
