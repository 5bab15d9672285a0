// Reproduce one finding: up to 3 writer attempts, each injected into a fresh copy of the ORIGINAL tree and run twice
// in the sandbox; it counts only when both runs fail the same way, for the bug's own reason, in the injected test.
import { randomBytes } from 'node:crypto';
import type { Finding } from '../../artifacts/schemas/common.ts';
import type { ReproAttempt } from '../../artifacts/schemas/verification-report.ts';
import { ProviderError } from '../../foundations/errors.ts';
import { runSandboxed } from '../sandbox/run.ts';
import type { DependencyStrategy, SandboxBackend, SandboxResult } from '../sandbox/types.ts';
import { judgeRun, type Judgement } from './judge.ts';
import { nearestTests, sourceExcerpt } from './context.ts';
import { detectFramework, testCommand } from './framework.ts';
import { MARKER_ENV, type BugSignature, type Framework, type ReproResult, type TestWriter, type WriterInput, type WrittenTest } from './types.ts';

export const MAX_ATTEMPTS = 3;

export interface ReproduceOptions {
  target: string;
  finding: Finding;
  signature: BugSignature;
  writer: TestWriter;
  backend: SandboxBackend;
  timeoutMs?: number;
  dependencies?: DependencyStrategy;
  signal?: AbortSignal;
  /** A person's report and/or trace, shown to the writer fenced. */
  report?: WriterInput['report'];
  /** Told after every attempt: the test written, what the sandbox printed and how it was judged. */
  onAttempt?: (attempt: AttemptRecord) => void;
}

export interface AttemptRecord extends ReproAttempt {
  /** The test's path and source; absent when the writer gave no usable test. */
  path?: string;
  content?: string;
  /** What the sandbox printed on the first run (redacted). */
  output: string;
}

export interface ProvenAttempt {
  path: string;
  content: string;
  argv: string[];
  output: string;
  /** The signature this attempt was judged by (the writer's proposal, or the expected one). */
  signature: BugSignature;
}

export async function reproduceFinding(options: ReproduceOptions): Promise<ReproResult & { proven?: ProvenAttempt }> {
  const { finding, target } = options;
  const framework = detectFramework(target);
  const base = { findingId: finding.id, tier: 'T2' as const, lastOutput: '' };
  if (!framework) return { ...base, outcome: 'skipped', reason: 'unknown: no test framework detected', attempts: 0 };
  const excerpt = sourceExcerpt(target, finding);
  const nearest = nearestTests(target, finding.file);
  let previous: { output: string; reason: string } | undefined;
  const history: ReproAttempt[] = [];
  let last: ReproResult = { ...base, framework, outcome: 'not-reproduced', reason: 'not reproduced: no attempt made', attempts: 0 };
  for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
    if (options.signal?.aborted) return { ...last, outcome: 'unknown', reason: 'unknown: interrupted' };
    let written: WrittenTest;
    try {
      written = await options.writer.write({
        finding,
        sourceExcerpt: excerpt,
        nearestTests: nearest,
        framework,
        ...(previous ? { previousAttempt: previous } : {}),
        ...(options.report ? { report: options.report } : {}),
        expect: { ...options.signature, markerEnv: MARKER_ENV },
      });
    } catch (error) {
      // A tester that cannot answer (provider down, invalid answer, budget gone) proves nothing either way.
      if (!(error instanceof ProviderError) || options.signal?.aborted) throw error;
      const reason = `unknown: the tester gave no usable test (${error.message.slice(0, 300)})`;
      options.onAttempt?.({ attempt, outcome: 'unknown', reason, output: '' });
      return { ...last, outcome: 'unknown', reason, attempts: attempt, history: [...history, { attempt, outcome: 'unknown', reason }] };
    }
    const signature = written.signature ?? options.signature;
    const command = testCommand(target, framework, written.path, written.content);
    if ('unsupported' in command) {
      const reason = `unknown: ${command.unsupported}`;
      options.onAttempt?.({ attempt, outcome: 'unknown', reason, path: written.path, content: written.content, output: '' });
      return { ...last, outcome: 'unknown', reason, attempts: attempt };
    }
    const first = await runOnce(options, written, signature, command.argv, framework);
    let judged = first.judgement;
    if (judged.verdict === 'proves') {
      const second = await runOnce(options, written, signature, command.argv, framework);
      judged = sameFailure(judged, second.judgement);
    }
    const verdict = outcomeOf(judged);
    history.push({ attempt, ...verdict });
    options.onAttempt?.({ attempt, ...verdict, path: written.path, content: written.content, output: first.output });
    last = { ...base, framework, lastOutput: first.output, attempts: attempt, ...verdict, history: [...history] };
    if (judged.verdict === 'proves') {
      return { ...last, tier: 'T1', proven: { path: written.path, content: written.content, argv: command.argv, output: first.output, signature } };
    }
    // A timeout or sandbox error is not the writer's fault; another attempt would only spend budget.
    if (judged.verdict === 'unknown') return last;
    previous = { output: first.output.slice(-8_000), reason: last.reason };
  }
  return last;
}

async function runOnce(options: ReproduceOptions, written: WrittenTest, signature: BugSignature, argv: string[], framework: Framework): Promise<{ judgement: Judgement; output: string }> {
  // A fresh marker per run: a value the test source cannot contain, so only code that ran can print it.
  const marker = `BHM-${randomBytes(8).toString('hex')}`;
  let run: SandboxResult;
  try {
    run = await runSandboxed(options.backend, {
      workspace: options.target,
      argv,
      files: [{ path: written.path, content: written.content }],
      env: { [MARKER_ENV]: marker },
      limits: { timeoutMs: options.timeoutMs ?? 60_000 },
      ...(options.dependencies ? { dependencies: options.dependencies } : {}),
      ...(options.signal ? { signal: options.signal } : {}),
    });
  } catch (error) {
    if (error instanceof RangeError) return { judgement: { verdict: 'not-reproduced', reason: `not reproduced: the writer's test path is unusable (${error.message})` }, output: '' };
    throw error;
  }
  const output = [run.stdout, run.stderr].filter(Boolean).join('\n');
  return { judgement: judgeRun({ run, signature, testPath: written.path, testSource: written.content, marker, framework }), output };
}

function sameFailure(first: Judgement, second: Judgement): Judgement {
  if (second.verdict !== 'proves') return { verdict: 'not-reproduced', reason: `not reproduced: flaky (second run: ${'reason' in second ? second.reason : 'differed'})` };
  if (first.verdict === 'proves' && first.fingerprint !== second.fingerprint) return { verdict: 'not-reproduced', reason: 'not reproduced: flaky (the two runs failed differently)' };
  return first;
}

function outcomeOf(j: Judgement): Pick<ReproAttempt, 'outcome' | 'reason'> {
  if (j.verdict === 'proves') return { outcome: 'reproduced', reason: "reproduced: failed twice, the same way, for the bug's own reason" };
  return { outcome: j.verdict === 'unknown' ? 'unknown' : 'not-reproduced', reason: j.reason };
}
