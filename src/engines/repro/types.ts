// The reproduction contract: a TestWriter (later the tester model) writes one test for a finding; the machinery
// runs it in the sandbox and decides whether it proves the bug. What counts as proof is the BugSignature.
import type { Finding } from '../../artifacts/schemas/common.ts';
import type { Reproduction } from '../../artifacts/schemas/verification-report.ts';

export type Framework = 'node:test' | 'vitest' | 'jest' | 'mocha' | 'pytest' | 'go test';

/**
 * How the bug shows when it triggers. Either an error type with a stable message fragment (thrown by the code
 * under test), or — for bugs described in words — `marker: true`: the failing assertion's message must print
 * the run's marker, a fresh random value handed to the test in the BUG_HUNTER_MARKER variable.
 */
export interface BugSignature {
  errorType?: string;
  messageFragment?: string;
  marker?: boolean;
  /** With errorType: the error must be thrown from this repository file (its top stack frame), e.g. the finding's file. */
  thrownIn?: string;
  /** With errorType: the error must be thrown from this function (the first frame outside Node and node_modules). */
  thrownInFunction?: string;
  /** The writer may not propose another signature (an incident's own error, or a words-only report's marker). */
  required?: boolean;
}

export const MARKER_ENV = 'BUG_HUNTER_MARKER';

export interface ReportText {
  /** What the block is, e.g. 'bug-report' or 'stack-trace'. */
  name: string;
  text: string;
}

export interface NearestTest {
  path: string;
  excerpt: string;
}

export interface WriterInput {
  finding: Finding;
  sourceExcerpt: string;
  nearestTests: NearestTest[];
  framework: Framework;
  previousAttempt?: { output: string; reason: string };
  /** A person's bug report and/or stack trace: untrusted text, shown to the tester fenced. */
  report?: ReportText[];
  /** What the failure must look like; with `marker`, read process.env[markerEnv] in the failing assertion's message. */
  expect?: BugSignature & { markerEnv: string };
}

/** One written test. `signature`, when given, replaces the expected one for this attempt; the judge still decides. */
export interface WrittenTest {
  path: string;
  content: string;
  signature?: BugSignature;
}

export interface TestWriter {
  write(input: WriterInput): Promise<WrittenTest>;
}


export interface ReproResult extends Reproduction {
  /** The last sandbox output (redacted), for the report and the next attempt. */
  lastOutput: string;
}
