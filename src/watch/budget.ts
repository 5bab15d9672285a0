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
  /** Tokens the next investigation may use (undefined: no cap). */
  investigationTokens?: number;
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
  const caps = [limits.perCycleTokens, limits.perDayTokens === undefined ? undefined : Math.max(0, limits.perDayTokens - today.tokens)].filter((n): n is number => n !== undefined);
  const investigationTokens = caps.length > 0 ? Math.min(...caps) : undefined;
  const withCap = investigationTokens === undefined ? {} : { investigationTokens };
  if (share >= 1) {
    return { level: 'exhausted', sweep: false, ...withCap, note: `daily budget spent (${what} on ${today.day}): no investigation or sweep starts until the day rolls over (UTC)` };
  }
  if (share >= limits.warnAt) {
    return { level: 'degraded', sweep: false, ...withCap, note: `daily budget ${Math.round(share * 100)}% used (${what}): the sweep is paused` };
  }
  return { level: 'ok', sweep: true, ...withCap };
}

/** Room left in this cycle for the sweep after the investigation used `cpuMs` and `tokens`. */
export function cycleHasRoom(limits: WatchLimits, used: { cpuMs: number; tokens: number }): boolean {
  if (limits.perCycleSeconds !== undefined && used.cpuMs / 1000 >= limits.perCycleSeconds) return false;
  if (limits.perCycleTokens !== undefined && used.tokens >= limits.perCycleTokens) return false;
  return true;
}
