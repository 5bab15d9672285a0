// The benchmark's arithmetic, each figure a small pure function so the tests can check it on hand-made
// numbers. Figures that have no denominator are null ("not measurable"), never 0 or 1.

export function ratio(numerator: number, denominator: number): number | null {
  return denominator === 0 ? null : numerator / denominator;
}

export function f1(precision: number | null, recall: number | null): number | null {
  if (precision === null || recall === null) return null;
  return precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);
}

export interface Outcome {
  confidence: number;
  /** True positive? */
  hit: boolean;
}

/** Mean squared gap between stated confidence and outcome (0 perfect, 1 worst). */
export function brier(outcomes: readonly Outcome[]): number | null {
  if (outcomes.length === 0) return null;
  return outcomes.reduce((sum, o) => sum + (o.confidence - (o.hit ? 1 : 0)) ** 2, 0) / outcomes.length;
}

export interface Bin {
  lower: number;
  upper: number;
  count: number;
  meanConfidence: number | null;
  precision: number | null;
}

/** Ten equal-width confidence bins; bin i holds [i/10, (i+1)/10), the last one also holds 1.0. */
export function calibrationBins(outcomes: readonly Outcome[], bins = 10): Bin[] {
  const groups: Outcome[][] = Array.from({ length: bins }, () => []);
  for (const o of outcomes) groups[Math.min(bins - 1, Math.floor(o.confidence * bins))]!.push(o);
  return groups.map((group, i) => ({
    lower: i / bins,
    upper: (i + 1) / bins,
    count: group.length,
    meanConfidence: ratio(group.reduce((s, o) => s + o.confidence, 0), group.length),
    precision: ratio(group.filter((o) => o.hit).length, group.length),
  }));
}

/** Expected calibration error: bin-size-weighted mean |observed precision − mean confidence|. */
export function expectedCalibrationError(outcomes: readonly Outcome[], bins = 10): number | null {
  if (outcomes.length === 0) return null;
  let sum = 0;
  for (const bin of calibrationBins(outcomes, bins)) {
    if (bin.count > 0) sum += (bin.count / outcomes.length) * Math.abs(bin.precision! - bin.meanConfidence!);
  }
  return sum;
}

export function jaccard(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  if (a.size === 0 && b.size === 0) return 1;
  let both = 0;
  for (const x of a) if (b.has(x)) both++;
  return both / (a.size + b.size - both);
}

/** Mean pairwise Jaccard across repeats of one case; null with fewer than two repeats. */
export function repeatStability(repeats: readonly ReadonlySet<string>[]): number | null {
  if (repeats.length < 2) return null;
  let sum = 0;
  let pairs = 0;
  for (let i = 0; i < repeats.length; i++) {
    for (let j = i + 1; j < repeats.length; j++) {
      sum += jaccard(repeats[i]!, repeats[j]!);
      pairs++;
    }
  }
  return sum / pairs;
}

/** Nearest-rank percentile (p in (0, 100]). */
export function percentile(values: readonly number[], p: number): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.max(0, rank - 1)]!;
}

export function mean(values: readonly number[]): number | null {
  return values.length === 0 ? null : values.reduce((s, v) => s + v, 0) / values.length;
}
