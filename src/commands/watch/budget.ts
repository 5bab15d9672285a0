// The watcher's budget (pure): tokens when a model serves a role, CPU seconds for the static engine, each per cycle
// and per UTC day. Past warnAt of the day the cycle degrades (no sweep); when the day is spent no investigation
// starts until the day rolls over. Always said, in the log and in `watch status`.
import type { BudgetLevelName, DayUsage } from './db.ts';

export interface WatchLimits {
  perCycleTokens?: number;
  perDayTokens?: number;
  perCycleSeconds?: number;
  perDaySeconds?: number;
  /** Fraction of the day's budget past which cycles degrade (config budgets.warnAt, default 0.7). */
  warnAt: number;
}

export interface BudgetVerdict {
  level: BudgetLevelName;
  sweep: boolean;
  /** One line for the log and status; absent when all is well. */
  note?: string;
}

export const dayOf = (d: Date): string => d.toISOString().slice(0, 10);

/** What today's usage leaves for the next cycle. */
export function budgetFor(limits: WatchLimits, today: DayUsage): BudgetVerdict {
  const tokenShare = limits.perDayTokens ? today.tokens / limits.perDayTokens : 0;
  const cpuShare = limits.perDaySeconds ? today.cpuMs / 1000 / limits.perDaySeconds : 0;
  const share = Math.max(tokenShare, cpuShare);
  const what = tokenShare >= cpuShare ? `${today.tokens}/${limits.perDayTokens} tokens` : `${(today.cpuMs / 1000).toFixed(1)}/${limits.perDaySeconds} CPU seconds`;
  if (share >= 1) {
    return { level: 'exhausted', sweep: false, note: `daily budget spent (${what} on ${today.day}): no investigation or sweep starts until the day rolls over (UTC)` };
  }
  if (share >= limits.warnAt) {
    return { level: 'degraded', sweep: false, note: `daily budget ${Math.round(share * 100)}% used (${what}): the sweep is paused and investigations run fewer lenses and refuters` };
  }
  return { level: 'ok', sweep: true };
}

/**
 * The token budget one investigation runs under: what is left of the cycle's cap, the day's cap, and what the day
 * already spent (each investigation has an artifact folder of its own, so its run budget would not know). Its run
 * budget then degrades (fewer lenses and refuters) past warnAt of the day and refuses calls once the day is spent.
 */
export function investigationBudget(limits: WatchLimits, today: DayUsage, usedThisCycle = 0): { perRunTokens?: number; perDayTokens?: number; spentToday: number } {
  return {
    ...(limits.perCycleTokens === undefined ? {} : { perRunTokens: Math.max(1, limits.perCycleTokens - usedThisCycle) }),
    ...(limits.perDayTokens === undefined ? {} : { perDayTokens: limits.perDayTokens }),
    spentToday: today.tokens,
  };
}

/** Room left in this cycle for the sweep after the investigation used `cpuMs` and `tokens`. */
export function cycleHasRoom(limits: WatchLimits, used: { cpuMs: number; tokens: number }): boolean {
  if (limits.perCycleSeconds !== undefined && used.cpuMs / 1000 >= limits.perCycleSeconds) return false;
  if (limits.perCycleTokens !== undefined && used.tokens >= limits.perCycleTokens) return false;
  return true;
}

/**
 * Where an investigation stops starting work, in process CPU time (µs, as process.cpuUsage counts it): what is left
 * of the cycle's CPU seconds after `usedMs`, or of the day's, whichever is less. Undefined when neither is capped.
 */
export function cpuStopFor(limits: WatchLimits, today: DayUsage, usedMs: number, nowMicros: number): { micros: number; reason: string } | undefined {
  const cycle = limits.perCycleSeconds === undefined ? undefined : limits.perCycleSeconds * 1000 - usedMs;
  const day = limits.perDaySeconds === undefined ? undefined : limits.perDaySeconds * 1000 - today.cpuMs;
  if (cycle === undefined && day === undefined) return undefined;
  const byCycle = day === undefined || (cycle !== undefined && cycle <= day);
  const leftMs = Math.max(0, (byCycle ? cycle : day)!);
  const reason = byCycle ? `the watch cycle's CPU budget (${limits.perCycleSeconds} s) is spent` : `the day's CPU budget (${limits.perDaySeconds} s) is spent`;
  return { micros: nowMicros + Math.round(leftMs * 1000), reason };
}
