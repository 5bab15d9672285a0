// Whether the gate may take the suite's result from the last full test run instead of running the whole suite a
// second time (.ci/run runs the README's test line just before the gate). The evidence is the marker the test runner
// itself writes after a full run (scripts/test/suite-marker.mjs), never an environment variable: it is taken only
// when that run passed every test file there is now, on this commit, with the tree clean then and now, under the
// same CI setting, and its digest matches what it says. Pure.
import { markerDigest, type MarkerFields } from '../test/suite-marker.mjs';

export interface SuiteRunState {
  /** What the last full run wrote (readMarker), unchecked; undefined when there is none. */
  marker: unknown;
  /** `git rev-parse HEAD` now. */
  head: string;
  /** `git status --porcelain` now: any change since the run means the result no longer describes this tree. */
  porcelain: string;
  /** filesDigest of the test files under test/ now. */
  files: string;
  /** CI=true now: a run that could skip a test for a missing tool does not stand for one that could not. */
  ci: boolean;
}

function asFields(marker: unknown): (MarkerFields & { digest: string }) | undefined {
  if (typeof marker !== 'object' || marker === null) return undefined;
  const m = marker as Record<string, unknown>;
  const ok =
    typeof m.commit === 'string' && typeof m.clean === 'boolean' && typeof m.ci === 'boolean' && typeof m.files === 'string' &&
    typeof m.status === 'number' && typeof m.summary === 'object' && m.summary !== null && typeof m.digest === 'string';
  return ok ? (m as unknown as MarkerFields & { digest: string }) : undefined;
}

/** Whether the last full run's result stands for this tree, and why (the gate prints it). */
export function suiteResultReusable(state: SuiteRunState): { reusable: boolean; why: string } {
  const no = (why: string) => ({ reusable: false, why });
  if (state.marker === undefined) return no('no full test run has left a result');
  const m = asFields(state.marker);
  if (!m) return no('the result marker is not one the test runner writes');
  const { digest, ...fields } = m;
  if (markerDigest(fields) !== digest) return no("the result marker's digest does not match what it says");
  if (m.commit !== state.head.trim()) return no(`the last full run was on ${m.commit.slice(0, 12)}, not HEAD`);
  if (!m.clean) return no('the tree had changes while the last full run ran');
  if (state.porcelain.trim() !== '') return no('the tree has changed since the last full run');
  if (m.files !== state.files) return no('the test files are not those the last full run ran');
  if (m.ci !== state.ci) return no(`the last full run ran ${m.ci ? 'with' : 'without'} CI=true, this gate ${state.ci ? 'with' : 'without'}`);
  const pass = m.summary.pass ?? 0;
  if (m.status !== 0 || (m.summary.fail ?? 1) !== 0 || (m.summary.cancelled ?? 0) !== 0 || pass === 0) return no('the last full run did not pass');
  return { reusable: true, why: `${pass} tests passed in the full run on ${m.commit.slice(0, 12)}` };
}
