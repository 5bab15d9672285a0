import { test } from 'node:test';
import assert from 'node:assert/strict';
import { brier, calibrationBins, expectedCalibrationError, f1, jaccard, percentile, ratio, repeatStability } from '../../../../scripts/bench/benchmark/metrics.ts';

const close = (actual: number | null, expected: number) => {
  assert.ok(actual !== null, 'expected a number, got null');
  assert.ok(Math.abs(actual - expected) < 1e-12, `${actual} ≠ ${expected}`);
};

test('ratio is null without a denominator, never 0 or 1', () => {
  assert.equal(ratio(0, 0), null);
  assert.equal(ratio(3, 4), 0.75);
});

test('F1 is the harmonic mean of precision and recall', () => {
  close(f1(0.75, 0.5), 0.6);
  assert.equal(f1(0, 0), 0);
  assert.equal(f1(null, 0.5), null);
});

test('Brier score averages the squared gap between confidence and outcome', () => {
  // (0.9-1)^2 = 0.01, (0.8-0)^2 = 0.64, (0.6-1)^2 = 0.16 → 0.81 / 3 = 0.27
  close(brier([{ confidence: 0.9, hit: true }, { confidence: 0.8, hit: false }, { confidence: 0.6, hit: true }]), 0.27);
  assert.equal(brier([]), null);
});

test('calibration bins: ten equal widths, 1.0 lands in the last bin', () => {
  const bins = calibrationBins([
    { confidence: 0.95, hit: true },
    { confidence: 1, hit: false },
    { confidence: 0.05, hit: false },
    { confidence: 0.1, hit: true },
  ]);
  assert.equal(bins.length, 10);
  assert.deepEqual(bins.map((b) => b.count), [1, 1, 0, 0, 0, 0, 0, 0, 0, 2]);
  close(bins[9]!.meanConfidence, 0.975);
  assert.equal(bins[9]!.precision, 0.5);
  assert.equal(bins[1]!.precision, 1);
  assert.equal(bins[4]!.precision, null);
});

test('expected calibration error weights each bin by its share of findings', () => {
  // bin 9: conf 0.9 & 0.9, precision 0.5 → gap 0.4, weight 2/4; bin 5: conf 0.5 & 0.5, precision 0.5 → gap 0, weight 2/4.
  const outcomes = [
    { confidence: 0.9, hit: true },
    { confidence: 0.9, hit: false },
    { confidence: 0.5, hit: true },
    { confidence: 0.5, hit: false },
  ];
  close(expectedCalibrationError(outcomes), 0.2);
  // A perfectly calibrated set scores 0.
  close(expectedCalibrationError([{ confidence: 1, hit: true }, { confidence: 0, hit: false }]), 0);
  assert.equal(expectedCalibrationError([]), null);
});

test('Jaccard and repeat stability over fingerprint sets', () => {
  close(jaccard(new Set(['a', 'b', 'c']), new Set(['b', 'c', 'd'])), 0.5);
  assert.equal(jaccard(new Set(), new Set()), 1);
  // pairs: (1,2) = 1/2? {a,b} vs {a} = 1/2; (1,3) {a,b} vs {a,b} = 1; (2,3) = 1/2 → mean 2/3
  close(repeatStability([new Set(['a', 'b']), new Set(['a']), new Set(['a', 'b'])]), 2 / 3);
  assert.equal(repeatStability([new Set(['a'])]), null);
});

test('p95 uses the nearest rank', () => {
  const values = Array.from({ length: 20 }, (_, i) => (i + 1) * 10);
  assert.equal(percentile(values, 95), 190);
  assert.equal(percentile([5], 95), 5);
  assert.equal(percentile([], 95), null);
});
