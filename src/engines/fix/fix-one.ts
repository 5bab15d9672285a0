// One scope entry through up to 3 attempts in the worktree: propose → scope check → gates → write → prove.
// Every attempt starts from the base commit; a failed attempt is rolled back and its reason fed to the next.
import type { FixAttempt, ScopeEntry } from '../../artifacts/schemas/fix.ts';
import type { ReportedFinding } from '../../artifacts/schemas/scan-report.ts';
import { applyEdits, type SearchReplace } from './edits.ts';
import { changeStats, gateViolation, unifiedDiff } from './gates.ts';
import { runRepro, runSuite, type ProofEnv } from './prove.ts';
import { resetWorktree } from '../git/worktree.ts';
import { ProviderError } from '../../foundations/errors.ts';
import { OutsideRootError, readInside, writeInside } from '../../foundations/fs/inside.ts';
import { SandboxUnavailableError } from '../sandbox/types.ts';
import type { EditProposer, Proposal } from './propose.ts';

export const MAX_FIX_ATTEMPTS = 3;
/** No new attempt starts once a fix has taken this long. */
export const FIX_TIME_LIMIT_MS = 30 * 60 * 1000;

export interface FixOneInput {
  entry: ScopeEntry;
  findings: ReportedFinding[];
  /** Absolute repro/<id>/ folders, per finding id (null when the finding has none). */
  reproDirs: Map<string, string | null>;
  worktree: string;
  /** The scanned folder inside the worktree (the worktree root unless the target is a subfolder of the repository). */
  root: string;
  baseCommit: string;
  margin: number;
  proposer: EditProposer;
  env: ProofEnv;
  /** Per-fix time limit (default FIX_TIME_LIMIT_MS). */
  timeLimitMs?: number;
  /** The issue the fix queue works from, given to the fixer as its specification. */
  specification?: string;
}

export interface FixOneResult {
  success: 'proven' | 'unproven' | null;
  edits: SearchReplace[];
  patch: string;
  attempts: FixAttempt[];
  before: string[];
  after: string[];
  /** Attempts that ended on a crash, timeout or setup failure, counted from the last one backwards. */
  trailingSystemic: number;
  /** Every proof run (the base, then each attempt that got that far): its check lines and the tail of its output. */
  runs: SuiteRun[];
}

/** One run of the reproductions and the suite; output is the sandbox's (redacted there), bounded to its tail. */
export interface SuiteRun {
  when: string;
  lines: string[];
  output: string;
}

export const RUN_OUTPUT_CHARS = 4_000;
const runOf = (when: string, lines: string[], output: string): SuiteRun => ({ when, lines, output: output.slice(-RUN_OUTPUT_CHARS) });

/** Reads a file the fixer may edit: null when missing; a link or a path leaving the root throws OutsideRootError. */
export const readerIn = (root: string) => (path: string) => readInside(root, path);

/** Writes the applied edits, each checked to stay inside the root (no link on the way). */
export function writeApplied(root: string, files: ReadonlyMap<string, { after: string }>): void {
  for (const [path, { after }] of files) writeInside(root, path, after);
}

export async function fixOne(input: FixOneInput): Promise<FixOneResult> {
  const { worktree } = input;
  resetWorktree(worktree, input.baseCommit);
  // Before: the reproductions must be red and the suite green on the base, or a pass afterwards proves nothing.
  const before = await prove(input, input.root);
  const baseRed = before.repro.every((r) => r.light === 'red') && before.repro.length > 0;
  const result: FixOneResult = { success: null, edits: [], patch: '', attempts: [], before: before.lines, after: [], trailingSystemic: 0, runs: [runOf('base', before.lines, before.output)] };
  // A suite that cannot load on the base (a dependency or tool missing) can judge no fix: nothing is proposed.
  if (before.unavailable.length > 0) {
    result.attempts.push({ outcome: 'systemic', reason: `sandbox: the checks cannot run on the base, so no fix can be judged (unavailable, not a failing fix): ${before.unavailable.join('; ')}` });
    result.trailingSystemic = 1;
    return result;
  }
  let lastFailure: string | undefined;
  const started = Date.now();
  const limit = input.timeLimitMs ?? FIX_TIME_LIMIT_MS;
  for (let n = 1; n <= MAX_FIX_ATTEMPTS; n++) {
    if (n > 1 && Date.now() - started >= limit) {
      result.attempts.push({ outcome: 'time-limit', reason: `the fix took ${Math.round((Date.now() - started) / 1000)} s of its ${Math.round(limit / 60000)}-minute limit; attempt ${n} was not started` });
      break;
    }
    // A caller's time limit (or a stop) aborted the work: another attempt would be cancelled at once.
    if (n > 1 && input.env.signal?.aborted) {
      result.attempts.push({ outcome: 'time-limit', reason: `stopped (${abortReason(input.env.signal)}); attempt ${n} was not started` });
      break;
    }
    resetWorktree(worktree, input.baseCommit);
    const attempt = await oneAttempt(input, lastFailure);
    result.attempts.push(attempt.record);
    if (attempt.after) result.runs.push(runOf(`attempt ${n}`, attempt.after, attempt.output ?? ''));
    result.trailingSystemic = attempt.record.outcome === 'systemic' ? result.trailingSystemic + 1 : 0;
    if (attempt.after) result.after = attempt.after;
    if (attempt.record.outcome === 'proven' || attempt.record.outcome === 'unproven') {
      const proven = baseRed && before.suiteGreen;
      result.success = proven ? 'proven' : 'unproven';
      if (!proven) result.attempts[result.attempts.length - 1] = { outcome: 'unproven', reason: `the fix passes, but the base was not red-with-green-suite (${before.lines.join('; ')})` };
      result.edits = attempt.edits;
      result.patch = attempt.patch;
      break;
    }
    if (attempt.record.outcome === 'systemic' && result.trailingSystemic >= MAX_FIX_ATTEMPTS) break;
    lastFailure = stableText(attempt.record.reason + (attempt.output ? `\n${attempt.output}` : ''));
  }
  resetWorktree(worktree, input.baseCommit);
  return result;
}

const abortReason = (signal: AbortSignal) => (signal.reason instanceof Error ? signal.reason.message : String(signal.reason ?? 'aborted'));

// Timings vary run to run; without them the retry prompt is the same for the same failure (and replays).
export function stableText(text: string): string {
  return text.replace(/(duration_ms:?\s*)[\d.]+/g, '$1N').replace(/\(\d+(\.\d+)?m?s\)/g, '(Nms)');
}

interface AttemptOutcome {
  record: FixAttempt;
  edits: SearchReplace[];
  patch: string;
  after?: string[];
  output?: string;
}

async function oneAttempt(input: FixOneInput, lastFailure: string | undefined): Promise<AttemptOutcome> {
  const { entry, root } = input;
  const read = readerIn(root);
  let edits: Proposal;
  try {
    edits = await input.proposer.propose({
      entry,
      findings: input.findings,
      read,
      workspace: { worktree: input.worktree, root, baseCommit: input.baseCommit },
      ...(lastFailure ? { lastFailure } : {}),
      ...(input.env.signal ? { signal: input.env.signal } : {}),
      ...(input.specification ? { specification: input.specification } : {}),
    });
  } catch (error) {
    if (error instanceof ProviderError && error.kind === 'invalid-output') return { record: { outcome: 'invalid-edit', reason: error.message }, edits: [], patch: '' };
    if (error instanceof ProviderError) return { record: { outcome: 'systemic', reason: `model: ${error.message}` }, edits: [], patch: '' };
    if (error instanceof OutsideRootError) return { record: { outcome: 'rejected', reason: error.message }, edits: [], patch: '' };
    throw error;
  }
  const applied = applyEdits(edits, entry, input.margin, read);
  if (!applied.ok) return { record: { outcome: applied.kind, reason: withExplanation(applied.reason, edits) }, edits, patch: '' };
  const violation = gateViolation(changeStats(applied.files), entry.gates);
  if (violation) return { record: { outcome: 'gate', reason: `change gate: ${violation}` }, edits, patch: '' };
  writeApplied(root, applied.files);
  const patch = unifiedDiff(applied.files);
  let proof: Awaited<ReturnType<typeof prove>>;
  try {
    proof = await prove(input, root);
  } catch (error) {
    if (error instanceof SandboxUnavailableError) return { record: { outcome: 'systemic', reason: `sandbox: ${error.message}` }, edits, patch };
    throw error;
  }
  const after = proof.lines;
  if (proof.unavailable.length > 0) return { record: { outcome: 'systemic', reason: `sandbox: the checks could not run with the edit (unavailable, not a failing fix): ${proof.unavailable.join('; ')}` }, edits, patch, after, output: proof.output };
  if (proof.systemic) return { record: { outcome: 'systemic', reason: `crash, timeout or setup failure: ${after.join('; ')}` }, edits, patch, after, output: proof.output };
  if (!proof.repro.every((r) => r.light === 'green' || r.light === 'none')) return { record: { outcome: 'not-green', reason: `reproduction still fails after the edit: ${after.join('; ')}` }, edits, patch, after, output: proof.output };
  if (!proof.suiteGreen) return { record: { outcome: 'broke-suite', reason: `the target's suite is not green with the edit (rolled back): ${after.join('; ')}` }, edits, patch, after, output: proof.output };
  return { record: { outcome: 'proven', reason: `reproduction green, suite green: ${after.join('; ')}` }, edits, patch, after, output: proof.output };
}

/** Repro per finding and the suite, in the worktree as it is now. */
export async function prove(input: Pick<FixOneInput, 'findings' | 'reproDirs' | 'env'>, workspace: string) {
  const repro = [];
  for (const f of input.findings) repro.push(await runRepro(input.env, workspace, input.reproDirs.get(f.finding.id) ?? null, f.finding.id));
  const suite = await runSuite(input.env, workspace);
  return {
    repro,
    suiteGreen: suite.green,
    systemic: suite.systemic || repro.some((r) => r.light === 'systemic'),
    unavailable: [...repro.filter((r) => r.line.includes(': UNAVAILABLE')).map((r) => r.line), ...suite.unavailable],
    lines: [...repro.map((r) => r.line), ...suite.lines],
    output: [...repro.map((r) => r.output), suite.output].join('\n').slice(-8_000),
  };
}

/** An answer without edits carries why in the fixer's own words: what a person reads first. */
function withExplanation(reason: string, proposal: Proposal): string {
  const said = proposal.length === 0 ? proposal.explanation?.trim().replace(/\s+/g, ' ') : undefined;
  return said ? `${reason}; the fixer said: "${said.slice(0, 500)}${said.length > 500 ? '…' : ''}"` : reason;
}
