// Does one sandbox run prove the bug? Pure. The injected test must be what fails, and fail with the bug's own
// signature: the error type and a stable fragment thrown by the code under test, or the run's marker printed by
// the failing assertion. Anything else is 'wrong failure'; a timeout or a sandbox error is 'unknown'.
import type { SandboxResult } from '../sandbox/types.ts';
import { sameFunction, thrownAt } from './thrown-at.ts';
import { markerUseProblem } from './marker-use.ts';
import { goMarkerUseProblem } from './marker-use-go.ts';
import { pythonMarkerUseProblem } from './marker-use-python.ts';
import { goTestFailures } from './go-test-output.ts';
import { pytestFailures } from './pytest-output.ts';
import { tapFailures, type TapFailure } from './tap.ts';
import type { BugSignature, Framework } from './types.ts';

export type Judgement =
  | { verdict: 'proves'; fingerprint: string }
  | { verdict: 'not-reproduced'; reason: string }
  | { verdict: 'unknown'; reason: string };

export interface JudgeInput {
  run: SandboxResult;
  signature: BugSignature;
  /** Workspace-relative path of the injected test, and its source. */
  testPath: string;
  testSource: string;
  /** The marker value handed to this run (BUG_HUNTER_MARKER). */
  marker: string;
  /** How the output reports failures: pytest's or go test's own format, else TAP (the JavaScript runners). */
  framework?: Framework;
}

/** Fragments this short or this generic could match almost any failure, so they prove nothing for a bare Error. */
const MIN_BARE_FRAGMENT = 12;
const GENERIC = /^(error|failed|failure|expected|assertion|invalid|undefined|null|not ok)[\s.:!]*$/i;
// Types so common that the type alone says little about which bug threw them: they need a stable message fragment.
export const GENERIC_ERROR_TYPES: readonly string[] = ['Error', 'TypeError', 'Exception', 'panic'];

export function judgeRun(input: JudgeInput): Judgement {
  const { run, testPath } = input;
  if (run.status === 'TIMEOUT') return { verdict: 'unknown', reason: 'unknown: timeout' };
  if (run.status === 'ERROR') return { verdict: 'unknown', reason: /dependencies/.test(run.reason ?? '') ? 'unknown: install failed' : `unknown: ${run.reason ?? 'sandbox error'}` };
  if (run.status === 'PASS') return { verdict: 'not-reproduced', reason: 'not reproduced: the test passed on the original code' };
  const output = `${run.stdout}\n${run.stderr}`;
  const failures = input.framework === 'pytest' ? pytestFailures(output) : input.framework === 'go test' ? goTestFailures(output, testPath) : tapFailures(output);
  if (failures.length === 0) return { verdict: 'not-reproduced', reason: 'not reproduced: wrong failure (no failing test was reported)' };
  const foreign = failures.filter((f) => !inInjectedFile(f, testPath));
  if (foreign.length > 0) return { verdict: 'not-reproduced', reason: `not reproduced: a test other than the injected one failed (${foreign[0]!.title})` };
  const mismatches: string[] = [];
  for (const failure of failures) {
    const problem = signatureProblem(failure, input);
    if (!problem) return { verdict: 'proves', fingerprint: fingerprint(failures, input.marker) };
    mismatches.push(problem);
  }
  return { verdict: 'not-reproduced', reason: `not reproduced: wrong failure (${mismatches[0]})` };
}

function signatureProblem(f: TapFailure, input: JudgeInput): string | null {
  const { signature, testSource, marker } = input;
  if (f.didNotRun || /^test failed$|did not finish|cancelled/i.test(f.message)) return `the test file itself failed to run: ${f.message}`;
  if (signature.marker) {
    if (!f.message.includes(marker)) return 'the failing assertion did not print the run marker';
    if (f.errorType && f.errorType !== 'AssertionError') return `the marker came with a ${f.errorType}, not a failing assertion`;
    return markerProblem(input.framework, testSource);
  }
  if (!signature.errorType && !signature.messageFragment) return 'the finding has no signature to match (error type, fragment or marker)';
  if (signature.errorType && f.errorType !== signature.errorType) return `expected ${signature.errorType}, got ${f.errorType ?? 'no error type'}: ${firstLine(f.message)}`;
  const fragment = signature.messageFragment ?? '';
  const bare = !signature.errorType || GENERIC_ERROR_TYPES.includes(signature.errorType);
  if (bare && (fragment.trim().length < MIN_BARE_FRAGMENT || GENERIC.test(fragment.trim()))) return `a generic ${signature.errorType ?? 'Error'} needs a distinctive message fragment (got '${fragment}')`;
  if (fragment && !f.message.includes(fragment)) return `message lacks '${fragment}': ${firstLine(f.message)}`;
  if (fragment && testSource.includes(fragment)) return 'the expected message is written in the test itself, so the test could raise it on its own';
  if (f.errorType !== 'AssertionError' && thrownByTest(f, input.testPath)) return `the ${f.errorType ?? 'error'} was thrown by the test code, not the code under test: ${firstLine(f.message)}`;
  if (signature.thrownIn && !thrownAt(f.stack)?.path.endsWith(`/${signature.thrownIn}`)) return `the ${f.errorType ?? 'error'} was not thrown in ${signature.thrownIn}: ${firstLine(f.message)}`;
  if (signature.thrownInFunction) {
    const at = thrownAt(f.stack);
    if (!at || !sameFunction(at.function, signature.thrownInFunction)) {
      return `the ${f.errorType ?? 'error'} was thrown from ${at?.function ?? 'an anonymous function'}, not from ${signature.thrownInFunction}: ${firstLine(f.message)}`;
    }
  }
  return null;
}

function markerProblem(framework: Framework | undefined, testSource: string): string | null {
  if (framework === 'pytest') return pythonMarkerUseProblem(testSource);
  if (framework === 'go test') return goMarkerUseProblem(testSource);
  return markerUseProblem(testSource);
}

function inInjectedFile(f: TapFailure, testPath: string): boolean {
  if (f.location) return f.location.includes(testPath);
  return f.stack.includes(testPath) || f.title.includes(testPath);
}

// The first stack frame names who threw; a frame in the injected file means the test raised the error itself.
function thrownByTest(f: TapFailure, testPath: string): boolean {
  return firstFrame(f).includes(testPath);
}

function firstFrame(f: TapFailure): string {
  return f.stack.split('\n').find((l) => l.trim() !== '') ?? '';
}

/** What must match between the two runs: which tests failed, with which type and (marker-neutral) message. */
function fingerprint(failures: TapFailure[], marker: string): string {
  return failures
    .map((f) => `${f.title}|${f.errorType ?? ''}|${f.message.split(marker).join('<MARKER>').replace(/\d+(\.\d+)?ms/g, '<ms>')}`)
    .sort()
    .join('\n');
}

function firstLine(text: string): string {
  return (text.split('\n')[0] ?? '').slice(0, 160);
}
