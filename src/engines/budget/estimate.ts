// Predicts tokens, cost and wall time of a run from its chunk plan, without calling a model. Built-in priors
// are scaled by how past runs on this target compared with the same priors (actual ÷ predicted), giving a
// low–expected–high band. Pure: history comes in as data (see history.ts).
import type { ModelPrice, Role } from '../config/schema.ts';
import { priceFor } from '../config/prices.ts';
import type { ChunkPlan } from './usage-schema.ts';

export interface Priors {
  /** System prompt, instructions and schema sent with every call. */
  overheadTokens: number;
  hunterOutputTokens: number;
  /** Findings a hunter call yields on average; each goes to `refuters` skeptics and one referee. */
  leadsPerHunterCall: number;
  skepticInputTokens: number;
  skepticOutputTokens: number;
  refereeInputTokens: number;
  refereeOutputTokens: number;
  /** Fixed latency of a call, plus output speed. */
  callLatencyMs: number;
  outputTokensPerSecond: number;
  concurrency: number;
  /** The pipeline without models (start, triage, code index, static engine): fixed cost plus time per 1,000 source tokens. */
  pipelineBaseMs: number;
  pipelineMsPerKiloToken: number;
}

export const DEFAULT_PRIORS: Priors = {
  overheadTokens: 1_500,
  hunterOutputTokens: 700,
  leadsPerHunterCall: 0.6,
  skepticInputTokens: 2_500,
  skepticOutputTokens: 400,
  refereeInputTokens: 3_000,
  refereeOutputTokens: 400,
  callLatencyMs: 4_000,
  outputTokensPerSecond: 60,
  concurrency: 4,
  // Measured: a static scan of 244,000 source tokens (291 files) took 15.6 s on a loaded 2-core machine.
  pipelineBaseMs: 1_500,
  pipelineMsPerKiloToken: 50,
};

/** A past run with what it planned and what it really used. */
export interface CalibrationRun {
  plan: ChunkPlan;
  tokens: number;
  wallMs?: number;
}

export interface Band {
  low: number;
  expected: number;
  high: number;
}

export interface Estimate {
  calls: number;
  byRole: Partial<Record<Role, { calls: number; inputTokens: number; outputTokens: number }>>;
  tokens: Band;
  /** Null when a role's model has no known price. */
  costUsd: Band | null;
  wallMs: Band;
  basis: string;
}

interface RoleLoad {
  role: Role;
  calls: number;
  input: number;
  output: number;
}

function loads(plan: ChunkPlan, p: Priors): RoleLoad[] {
  const hunterCalls = plan.chunks * plan.lenses;
  const leads = hunterCalls * p.leadsPerHunterCall;
  return [
    { role: 'hunter', calls: hunterCalls, input: plan.tokensPerChunk + p.overheadTokens, output: p.hunterOutputTokens },
    { role: 'skeptic', calls: leads * plan.refuters, input: p.skepticInputTokens + p.overheadTokens, output: p.skepticOutputTokens },
    { role: 'referee', calls: leads, input: p.refereeInputTokens + p.overheadTokens, output: p.refereeOutputTokens },
  ];
}

function priorTokens(plan: ChunkPlan, p: Priors): number {
  return loads(plan, p).reduce((sum, l) => sum + l.calls * (l.input + l.output), 0);
}

function priorWallMs(plan: ChunkPlan, p: Priors): number {
  const busy = loads(plan, p).reduce((sum, l) => sum + l.calls * (p.callLatencyMs + (l.output / p.outputTokensPerSecond) * 1000), 0);
  const pipeline = p.pipelineBaseMs + ((plan.chunks * plan.tokensPerChunk) / 1000) * p.pipelineMsPerKiloToken;
  return busy / Math.max(1, plan.concurrency ?? p.concurrency) + pipeline;
}

function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? (s[mid] as number) : ((s[mid - 1] as number) + (s[mid] as number)) / 2;
}

/** Ratio band from past runs: median, widened when there are few of them; 0.5×–2× around the prior with none. */
export function ratioBand(ratios: number[]): Band {
  if (ratios.length === 0) return { low: 0.5, expected: 1, high: 2 };
  const mid = median(ratios);
  const few = ratios.length < 3;
  return { low: Math.min(...ratios, few ? mid * 0.6 : Infinity), expected: mid, high: Math.max(...ratios, few ? mid * 1.6 : 0) };
}

const scale = (band: Band, base: number): Band => ({ low: band.low * base, expected: band.expected * base, high: band.high * base });

export function estimate(
  plan: ChunkPlan,
  history: CalibrationRun[],
  options: { models?: Partial<Record<Role, string>>; prices?: Record<string, ModelPrice>; priors?: Partial<Priors> } = {},
): Estimate {
  const p = { ...DEFAULT_PRIORS, ...options.priors };
  const roleLoads = loads(plan, p);
  const usable = history.filter((h) => priorTokens(h.plan, p) > 0);
  const tokenBand = ratioBand(usable.map((h) => h.tokens / priorTokens(h.plan, p)));
  // Every timed run calibrates the wall time, static-engine runs too (they use no tokens).
  const timed = history.filter((h) => h.wallMs !== undefined);
  const wallBand = ratioBand(timed.map((h) => (h.wallMs as number) / priorWallMs(h.plan, p)));

  let cost: number | null = 0;
  for (const l of roleLoads) {
    const model = options.models?.[l.role];
    const price = model ? priceFor(model, options.prices) : null;
    if (!price) cost = l.calls > 0 ? null : cost;
    else if (cost !== null) cost += (l.calls * (l.input * price.inputPerMTok + l.output * price.outputPerMTok)) / 1_000_000;
  }
  return {
    calls: Math.round(roleLoads.reduce((s, l) => s + l.calls, 0)),
    byRole: Object.fromEntries(roleLoads.map((l) => [l.role, { calls: Math.round(l.calls), inputTokens: Math.round(l.calls * l.input), outputTokens: Math.round(l.calls * l.output) }])),
    tokens: roundBand(scale(tokenBand, priorTokens(plan, p))),
    costUsd: cost === null ? null : scale(tokenBand, cost),
    wallMs: roundBand(scale(wallBand, priorWallMs(plan, p))),
    basis: basisOf(history.length, usable.length, timed.length),
  };
}

function basisOf(runs: number, withTokens: number, timed: number): string {
  if (runs === 0) return 'built-in priors (no past runs on this target)';
  return `calibrated from ${runs} past run${runs === 1 ? '' : 's'} on this target (${withTokens} with model tokens, ${timed} timed)`;
}

function roundBand(b: Band): Band {
  return { low: Math.round(b.low), expected: Math.round(b.expected), high: Math.round(b.high) };
}
