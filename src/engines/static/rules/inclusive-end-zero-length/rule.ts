// Static rule inclusive-end-zero-length: its metadata, measured precision and the floor the benchmark gate holds it to.
import { inclusiveEndZeroLength } from './matcher.ts';
import { MEASURED_ON } from '../../calibration.ts';
import type { RuleModule } from '../../types.ts';

export const rule: RuleModule = {
  meta: {
    id: 'inclusive-end-zero-length',
    category: 'logic',
    lens: 'boundary',
    consequence: 'crash',
    severity: 'medium',
    cwe: 'CWE-193',
    message: 'An inclusive end is computed as start + length - 1 with no check for a zero length, so an empty range ends before it starts.',
    trigger: 'A zero-length file or range: the read stream throws a RangeError ("end" must be >= "start") instead of sending an empty body.',
    taint: false,
    precision: { truePositives: 3, falsePositives: 0, onRealCode: 1, measuredOn: MEASURED_ON, floor: 0.8 },
  },
  detector: inclusiveEndZeroLength,
};
