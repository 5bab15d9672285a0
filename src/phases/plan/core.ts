// Pure core of the adaptive plan: picks the profile and execution mode from a triage summary and the modes/
// data, then applies explicit caller limits, which always win. No I/O; the shell in index.ts reads and writes.
import type { AdaptivePlan, ExecutionMode, PlanLimits } from '../../artifacts/schemas/adaptive-plan.ts';
import type { Chunk } from '../../artifacts/schemas/triage.ts';
import { PhaseError, UsageError } from '../../foundations/errors.ts';
import type { RunOptions } from '../../engines/run/options.ts';
import { chunksOfShard, shardLabel } from '../../engines/shard/assign.ts';
import type { ModesData } from '../../engines/modes/load.ts';
import type { SizeMode } from '../../engines/modes/schema.ts';
import { resolveProfile } from '../../engines/modes/profile.ts';
import { withCommas } from '../../foundations/text/digits.ts';

export type PlanBody = Omit<AdaptivePlan, 'schemaVersion' | 'artifact' | 'run' | 'generatedAt'>;

export interface PlanInput {
  chunks: Chunk[];
  /** The budget triage chunked with. */
  chunkTokenBudget: number;
  options: RunOptions;
  modes: ModesData;
}

/** A plan is made for the files triage chunked: triage built with test files and a run without them (or the reverse) is refused. */
export function checkTriageScope(triageIncludesTests: boolean, runIncludesTests: boolean): void {
  if (triageIncludesTests !== runIncludesTests) {
    throw new PhaseError(
      `triage.json was built ${triageIncludesTests ? 'with' : 'without'} test files but this run ${runIncludesTests ? 'includes' : 'excludes'} them. Re-run 'bug-hunter phase triage'.`,
    );
  }
}

interface Size {
  files: number;
  tokens: number;
  chunks: number;
  topRisk: number;
}

function measure(chunks: Chunk[]): Size {
  const files = new Set(chunks.flatMap((c) => c.files)).size;
  const tokens = chunks.reduce((sum, c) => sum + c.tokens, 0);
  const topRisk = chunks.reduce((max, c) => Math.max(max, c.risk), 0);
  return { files, tokens, chunks: chunks.length, topRisk };
}

function checkLimit(name: string, value: number | undefined): number | undefined {
  if (value !== undefined && (!Number.isInteger(value) || value < 1)) {
    throw new UsageError(`${name} must be a whole number of at least 1 (got ${String(value)}).`);
  }
  return value;
}

function fits(mode: SizeMode, size: Size): boolean {
  const w = mode.when;
  return (w.maxFiles === undefined || size.files <= w.maxFiles) && (w.maxTokens === undefined || size.tokens <= w.maxTokens) && (w.maxChunks === undefined || size.chunks <= w.maxChunks);
}

function chooseSizeMode(size: Size, modes: ModesData, reasons: string[]): SizeMode {
  const list = modes.executionModes.sizeModes;
  // The loader guarantees the last mode is a catch-all, so find() always succeeds on valid data.
  const mode = list.find((m) => fits(m, size)) ?? (list.at(-1) as SizeMode);
  const limits = Object.entries(mode.when).map(([k, v]) => `${k} ${withCommas(v as number)}`);
  reasons.push(`size mode ${mode.name}: ${size.files} files, ${withCommas(size.tokens)} tokens, ${size.chunks} chunks${limits.length ? ` (within ${limits.join(', ')})` : ''}`);
  return mode;
}

export function choosePlan(input: PlanInput): PlanBody {
  const { options, modes } = input;
  const concurrency = checkLimit('concurrency', options.concurrency);
  const chunkTokens = checkLimit('chunkTokens', options.chunkTokens);
  const maxChunks = checkLimit('maxChunks', options.maxChunks);
  const size = measure(input.chunks);
  const reasons: string[] = [];
  const overrides: string[] = [];
  const chosen = resolveProfile(options.profile, size, modes);
  const profile = chosen.profile;
  const spec = modes.profiles.profiles[profile];
  reasons.push(chosen.reason);
  if (options.profile !== 'auto') overrides.push('profile');
  // The chunks already exist; a plan for a different budget than they were cut with would be a lie.
  const wantedBudget = chunkTokens ?? spec.chunkTokenBudget;
  if (wantedBudget !== input.chunkTokenBudget) {
    throw new PhaseError(
      `triage.json was chunked at ${input.chunkTokenBudget} tokens but this run wants ${wantedBudget} (${chunkTokens !== undefined ? 'chunkTokens' : `profile ${profile}`}). Re-run 'bug-hunter phase triage' with the same options.`,
    );
  }
  const sizeMode = chooseSizeMode(size, modes, reasons);
  const local = modes.executionModes.localSequential;
  const isLocal = local.engines.includes(options.engine) || concurrency === 1;
  let mode: ExecutionMode = sizeMode.name;
  if (isLocal) {
    mode = 'local-sequential';
    reasons.push(`mode local-sequential: ${concurrency === 1 ? 'the caller asked for concurrency 1' : `engine ${options.engine} runs on this machine`}`);
  }
  const suggested = isLocal ? local.concurrency : sizeMode.concurrency;
  if (concurrency !== undefined) {
    overrides.push('concurrency');
    reasons.push(`concurrency ${concurrency}: set by the caller (${mode} suggests ${suggested})`);
  }
  if (chunkTokens !== undefined) {
    overrides.push('chunkTokenBudget');
    reasons.push(`chunk budget ${withCommas(chunkTokens)} tokens: set by the caller`);
  }
  const chunkLimit = maxChunks ?? sizeMode.maxChunks;
  if (maxChunks !== undefined) {
    overrides.push('maxChunks');
    reasons.push(`max chunks ${maxChunks}: set by the caller (${sizeMode.name} suggests ${sizeMode.maxChunks})`);
  }
  // A shard takes its share of the whole plan, so the shards together run exactly what one full scan would.
  const owned = options.shard ? new Set(chunksOfShard(input.chunks, options.shard).map((c) => c.id)) : undefined;
  const mine = (c: Chunk) => !owned || owned.has(c.id);
  const chunkOrder = input.chunks.slice(0, chunkLimit).filter(mine).map((c) => c.id);
  const deferredChunks = input.chunks.slice(chunkLimit).filter(mine).map((c) => c.id);
  if (deferredChunks.length > 0) {
    reasons.push(`${deferredChunks.length} lowest-risk chunks deferred past max chunks ${chunkLimit}: unreviewed unless --loop covers them`);
  }
  if (options.shard && owned) {
    reasons.push(`shard ${shardLabel(options.shard)}: ${owned.size} of ${input.chunks.length} chunks (by a hash of each chunk's first file); the other shards hunt the rest`);
  }
  const limits: PlanLimits = {
    concurrency: concurrency ?? suggested,
    chunkTokenBudget: input.chunkTokenBudget,
    maxChunks: chunkLimit,
    lenses: [...spec.lenses],
    refuters: spec.refuters,
    rereadSeverities: [...spec.rereadSeverities],
    tokenBudget: spec.tokenBudgetPerChunk === null ? null : spec.tokenBudgetPerChunk * chunkOrder.length,
  };
  const shard = options.shard && owned ? { shard: { ...options.shard, chunks: input.chunks.filter(mine).map((c) => c.id) } } : {};
  return { requestedProfile: options.profile, profile, mode, limits, overrides, reasons, chunkOrder, deferredChunks, ...shard };
}
