// usage.json on disk: read (schema-checked) and a locked read-modify-write, so concurrent runs on the same
// target never lose each other's tokens. The merge itself (applyDelta) is pure.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import lockfile from 'proper-lockfile';
import { PhaseError } from '../../foundations/errors.ts';
import { writeJsonAtomic } from '../../foundations/fs/atomic.ts';
import { describeViolations, validate } from '../../artifacts/validate.ts';
import { UsageFile, type ChunkPlan, type RoleTotals, type Totals } from './usage-schema.ts';

const KEEP_RUNS = 200;
const KEEP_DAYS = 62;

export function usagePath(outDir: string): string {
  return join(outDir, 'usage.json');
}

export function emptyUsage(): UsageFile {
  return { schemaVersion: 1, kind: 'bug-hunter-usage', days: {}, runs: [] };
}

export function emptyTotals(): Totals {
  return { inputTokens: 0, outputTokens: 0, calls: 0, costUsd: 0, unpricedTokens: 0 };
}

/** What one process adds to the ledger since its last flush. */
export interface UsageDelta {
  runId: string;
  at: string;
  day: string;
  totals: Totals;
  byRole: Record<string, RoleTotals>;
  plan?: ChunkPlan;
  wallMs?: number;
  /** Model calls answered from the evidence cache (no tokens spent). */
  cacheHits?: number;
  degradedAt?: string;
  exhaustedAt?: string;
}

export function readUsage(path: string): UsageFile {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return emptyUsage();
    throw error;
  }
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    throw new PhaseError(`${path} is not valid JSON (${(error as Error).message}). Delete it to reset token accounting (today's usage is then forgotten).`);
  }
  const result = validate(UsageFile, raw);
  if (!result.ok) {
    throw new PhaseError(`${path} is not valid (${describeViolations(result.violations)}). Delete it to reset token accounting (today's usage is then forgotten).`);
  }
  return raw as UsageFile;
}

function addTotals(into: Totals, add: Totals): Totals {
  return {
    inputTokens: into.inputTokens + add.inputTokens,
    outputTokens: into.outputTokens + add.outputTokens,
    calls: into.calls + add.calls,
    costUsd: into.costUsd + add.costUsd,
    unpricedTokens: into.unpricedTokens + add.unpricedTokens,
  };
}

export function applyDelta(file: UsageFile, delta: UsageDelta): UsageFile {
  const days = { ...file.days, [delta.day]: addTotals(file.days[delta.day] ?? emptyTotals(), delta.totals) };
  const keptDays = Object.fromEntries(Object.entries(days).sort(([a], [b]) => (a < b ? -1 : 1)).slice(-KEEP_DAYS));
  const runs = file.runs.filter((r) => r.runId !== delta.runId);
  const prior = file.runs.find((r) => r.runId === delta.runId);
  const byRole = { ...prior?.byRole };
  for (const [role, add] of Object.entries(delta.byRole)) {
    const cur = byRole[role] ?? { inputTokens: 0, outputTokens: 0, calls: 0 };
    byRole[role] = { inputTokens: cur.inputTokens + add.inputTokens, outputTokens: cur.outputTokens + add.outputTokens, calls: cur.calls + add.calls };
  }
  const run = {
    ...prior,
    runId: delta.runId,
    startedAt: prior?.startedAt ?? delta.at,
    updatedAt: delta.at,
    totals: addTotals(prior?.totals ?? emptyTotals(), delta.totals),
    byRole,
    ...(delta.plan ? { plan: delta.plan } : {}),
    ...(delta.wallMs !== undefined ? { wallMs: delta.wallMs } : {}),
    ...(prior?.cacheHits || delta.cacheHits ? { cacheHits: (prior?.cacheHits ?? 0) + (delta.cacheHits ?? 0) } : {}),
    ...(prior?.degradedAt || delta.degradedAt ? { degradedAt: prior?.degradedAt ?? delta.degradedAt } : {}),
    ...(prior?.exhaustedAt || delta.exhaustedAt ? { exhaustedAt: prior?.exhaustedAt ?? delta.exhaustedAt } : {}),
  };
  return { ...file, days: keptDays, runs: [...runs, run].slice(-KEEP_RUNS) };
}

/** Locked read → apply → atomic write. Returns the file as written. */
export async function updateUsage(path: string, delta: UsageDelta): Promise<UsageFile> {
  // realpath:false: the lock (a sibling folder) can be taken before usage.json first exists.
  const release = await lockfile.lock(path, { realpath: false, stale: 10_000, retries: { retries: 50, minTimeout: 5, maxTimeout: 200, randomize: true } });
  try {
    const next = applyDelta(readUsage(path), delta);
    writeJsonAtomic(path, next);
    return next;
  } finally {
    await release();
  }
}
