// Whether the gate may take the suite's result from the README's test line that .ci/run ran just before it, instead
// of running the whole suite a second time: only for the commit that run passed on, with the tree unchanged since.
export interface SuiteRunState {
  /** SUITE_PASSED_AT: the commit the README's test line passed on (unset outside .ci/run). */
  passedAt: string | undefined;
  /** `git rev-parse HEAD` now. */
  head: string;
  /** `git status --porcelain` now: any change since the run means the result no longer describes this tree. */
  porcelain: string;
}

export function suiteResultReusable(state: SuiteRunState): boolean {
  const at = state.passedAt?.trim();
  if (!at || !/^[0-9a-f]{40}$/.test(at)) return false;
  return at === state.head.trim() && state.porcelain.trim() === '';
}
