// The run's token budget: per-run and per-day caps. Past warnAt the run is `degraded` (callers use fewer
// lenses/refuters and say so); at the cap new calls are refused with ProviderError 'budget'. Charges are
// kept in memory and flushed to usage.json in coalesced, locked writes.
import { ProviderError } from '../../foundations/errors.ts';
import type { ModelPrice } from '../config/schema.ts';
import { costUsd, type TokenUsage } from './cost.ts';
import { emptyTotals, readUsage, updateUsage, usagePath, type UsageDelta } from './ledger.ts';
import type { ChunkPlan, RoleTotals, Totals } from './usage-schema.ts';

export interface BudgetLimits {
  perRunTokens?: number;
  perDayTokens?: number;
  /** Tokens already spent today that this run's usage.json does not hold (watch: its earlier cycles' investigations). */
  spentToday?: number;
  warnAt: number;
}

export type BudgetLevel = 'ok' | 'degraded' | 'exhausted';

export interface BudgetState {
  level: BudgetLevel;
  runTokens: number;
  dayTokens: number;
  /** Largest of run and day usage as a fraction of its cap (0 when uncapped). */
  usedFraction: number;
  costUsd: number;
  unpricedTokens: number;
}

export interface BudgetOptions {
  /** Artifact folder holding usage.json; null keeps accounting in memory only. */
  outDir: string | null;
  runId: string;
  limits: BudgetLimits;
  prices?: Record<string, ModelPrice>;
  now?: () => Date;
  onLevelChange?: (level: BudgetLevel, state: BudgetState) => void;
  /** Charges are written to usage.json at most this often (default 500 ms); flush() and close() write at once. */
  flushIntervalMs?: number;
}

const dayOf = (d: Date) => d.toISOString().slice(0, 10);

export class Budget {
  private runTokens = 0;
  private dayBase = 0;
  private ownToday = 0;
  private day: string;
  private reserved = 0;
  private level: BudgetLevel = 'ok';
  private pending: UsageDelta;
  private totals: Totals = emptyTotals();
  private flushing: Promise<void> | null = null;
  private dirty = false;
  private flushError: unknown = null;
  private timer: NodeJS.Timeout | null = null;

  private constructor(private readonly options: BudgetOptions) {
    this.day = dayOf(this.now());
    this.pending = this.freshDelta();
  }

  /** Opens the budget, counting what this target already used today (and this run, when resumed). */
  static open(options: BudgetOptions): Budget {
    const budget = new Budget(options);
    if (options.outDir) {
      const file = readUsage(usagePath(options.outDir));
      const prior = file.runs.find((r) => r.runId === options.runId);
      budget.runTokens = prior ? prior.totals.inputTokens + prior.totals.outputTokens : 0;
      const today = file.days[budget.day];
      budget.dayBase = today ? today.inputTokens + today.outputTokens : 0;
    }
    budget.dayBase += options.limits.spentToday ?? 0;
    budget.updateLevel();
    return budget;
  }

  get degraded(): boolean {
    return this.level !== 'ok';
  }

  state(): BudgetState {
    const { perRunTokens, perDayTokens } = this.options.limits;
    const dayTokens = this.dayBase + this.ownToday;
    const fractions = [perRunTokens ? this.runTokens / perRunTokens : 0, perDayTokens ? dayTokens / perDayTokens : 0];
    return { level: this.level, runTokens: this.runTokens, dayTokens, usedFraction: Math.max(...fractions), costUsd: this.totals.costUsd, unpricedTokens: this.totals.unpricedTokens };
  }

  /** Claims room for a call whose prompt is about `inputTokens`; throws ProviderError 'budget' when it does not fit. */
  reserve(inputTokens: number): { release(): void } {
    this.rollDay();
    const { perRunTokens, perDayTokens } = this.options.limits;
    const dayTokens = this.dayBase + this.ownToday;
    const runFull = perRunTokens !== undefined && this.runTokens + this.reserved + inputTokens > perRunTokens;
    const dayFull = perDayTokens !== undefined && dayTokens + this.reserved + inputTokens > perDayTokens;
    if (runFull || dayFull) {
      this.setLevel('exhausted');
      const which = runFull ? `per-run budget (${this.runTokens}/${perRunTokens} tokens used)` : `per-day budget (${dayTokens}/${perDayTokens} tokens used today)`;
      throw new ProviderError(`Token ${which} is spent: no new model calls. Remaining work is unreviewed; raise budgets in .bug-hunter/config.json to continue.`, 'budget', false);
    }
    this.reserved += inputTokens;
    let released = false;
    return {
      release: () => {
        if (released) return;
        released = true;
        this.reserved -= inputTokens;
      },
    };
  }

  /** Records what a call really used. Replayed calls are not charged: nothing was spent. */
  charge(role: string, model: string, usage: TokenUsage): void {
    this.rollDay();
    const tokens = usage.inputTokens + usage.outputTokens;
    const cost = costUsd(model, usage, this.options.prices);
    const add: Totals = { inputTokens: usage.inputTokens, outputTokens: usage.outputTokens, calls: 1, costUsd: cost ?? 0, unpricedTokens: cost === null ? tokens : 0 };
    for (const t of [this.totals, this.pending.totals]) {
      t.inputTokens += add.inputTokens;
      t.outputTokens += add.outputTokens;
      t.calls += 1;
      t.costUsd += add.costUsd;
      t.unpricedTokens += add.unpricedTokens;
    }
    const r: RoleTotals = this.pending.byRole[role] ?? { inputTokens: 0, outputTokens: 0, calls: 0 };
    this.pending.byRole[role] = { inputTokens: r.inputTokens + usage.inputTokens, outputTokens: r.outputTokens + usage.outputTokens, calls: r.calls + 1 };
    this.runTokens += tokens;
    this.ownToday += tokens;
    this.updateLevel();
    this.scheduleFlush();
  }

  /** A model call answered from the evidence cache: nothing spent, counted apart from the charged calls. */
  cacheHit(): void {
    this.pending.cacheHits = (this.pending.cacheHits ?? 0) + 1;
    this.scheduleFlush();
  }

  setPlan(plan: ChunkPlan): void {
    this.pending.plan = plan;
    this.scheduleFlush();
  }

  /** Waits until every charge so far is in usage.json; rethrows a failed write. */
  async flush(): Promise<void> {
    while (!this.flushError && (this.flushing || this.hasPending())) {
      if (this.timer) clearTimeout(this.timer);
      this.timer = null;
      await (this.flushing ?? this.startFlush());
    }
    if (this.flushError) throw this.flushError;
  }

  async close(wallMs: number): Promise<void> {
    this.pending.wallMs = wallMs;
    this.dirty = true;
    await this.flush();
  }

  private now(): Date {
    return this.options.now?.() ?? new Date();
  }

  private freshDelta(): UsageDelta {
    return { runId: this.options.runId, at: this.now().toISOString(), day: this.day, totals: emptyTotals(), byRole: {} };
  }

  private hasPending(): boolean {
    return this.dirty || this.pending.totals.calls > 0 || this.pending.plan !== undefined || (this.pending.cacheHits ?? 0) > 0;
  }

  private rollDay(): void {
    const today = dayOf(this.now());
    if (today === this.day) return;
    // A new UTC day: count from zero; charges not yet written are booked on the new day (close enough).
    this.day = today;
    this.pending.day = today;
    this.dayBase = 0;
    this.ownToday = 0;
  }

  private updateLevel(): void {
    const fraction = this.state().usedFraction;
    this.setLevel(fraction >= 1 ? 'exhausted' : fraction >= this.options.limits.warnAt ? 'degraded' : this.level === 'exhausted' ? 'exhausted' : 'ok');
  }

  private setLevel(level: BudgetLevel): void {
    if (level === this.level) return;
    this.level = level;
    const at = this.now().toISOString();
    if (level !== 'ok') this.pending.degradedAt ??= at;
    if (level === 'exhausted') this.pending.exhaustedAt ??= at;
    this.options.onLevelChange?.(level, this.state());
    this.scheduleFlush();
  }

  private scheduleFlush(): void {
    if (!this.options.outDir) {
      this.pending = this.freshDelta();
      return;
    }
    this.dirty = true;
    // Throttled: a locked, fsynced write per call would stall the event loop at high call rates.
    if (this.timer || this.flushing) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      if (!this.flushing) void this.startFlush();
    }, this.options.flushIntervalMs ?? 500);
    this.timer.unref();
  }

  /** One locked write of everything charged so far; charges made meanwhile go out in the next one. */
  private startFlush(): Promise<void> {
    const run = async () => {
      this.dirty = false;
      const delta = { ...this.pending, at: this.now().toISOString() };
      this.pending = this.freshDelta();
      try {
        const file = await updateUsage(usagePath(this.options.outDir as string), delta);
        if (delta.day === this.day) {
          // Other runs' usage today = file's day total minus ours so far; keeps the per-day cap shared. What the
          // caller said was spent elsewhere (spentToday, e.g. watch's other investigations) is not in this file: kept.
          const today = file.days[this.day];
          const pendingNow = this.pending.totals.inputTokens + this.pending.totals.outputTokens;
          if (today) this.dayBase = Math.max(0, today.inputTokens + today.outputTokens - (this.ownToday - pendingNow)) + (this.options.limits.spentToday ?? 0);
        }
      } catch (error) {
        // Surfaced by flush()/close(): accounting that could not be saved is not silently dropped.
        this.flushError = error;
      }
    };
    this.flushing = run().finally(() => {
      this.flushing = null;
      if (this.hasPending() && !this.flushError) this.scheduleFlush();
    });
    return this.flushing;
  }
}
