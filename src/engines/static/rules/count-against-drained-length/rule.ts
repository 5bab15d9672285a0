// Static rule count-against-drained-length: its metadata, measured precision and the floor the benchmark gate holds it to.
import { countAgainstDrainedLength } from './matcher.ts';
import { MEASURED_ON } from '../../calibration.ts';
import type { RuleModule } from '../../types.ts';

export const rule: RuleModule = {
  meta: {
    id: 'count-against-drained-length',
    category: 'concurrency',
    lens: 'concurrency',
    consequence: 'wrong-answer',
    severity: 'medium',
    cwe: 'CWE-362',
    message: 'Completion callbacks compare their count with the live length of a collection that the same function drains in a loop before they run.',
    trigger: 'Several items are closed at once: the collection is already empty when the first callback runs, so "all done" is reported after the first completion while the rest are still closing.',
    taint: false,
    precision: { truePositives: 3, falsePositives: 0, onRealCode: 1, measuredOn: MEASURED_ON, floor: 0.8 },
  },
  detector: countAgainstDrainedLength,
};
