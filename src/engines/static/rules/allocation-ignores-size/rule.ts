// Static rule allocation-ignores-size: its metadata, measured precision and the floor the benchmark gate holds it to.
import { allocationIgnoresSize } from './matcher.ts';
import { MEASURED_ON } from '../../calibration.ts';
import type { RuleModule } from '../../types.ts';

export const rule: RuleModule = {
  meta: {
    id: 'allocation-ignores-size',
    category: 'boundary',
    lens: 'boundary',
    consequence: 'data-loss',
    severity: 'high',
    cwe: 'CWE-131',
    message: 'A function asked for room for a given size allocates a fixed-size buffer on its first path and returns without looking at the size.',
    trigger: 'The first request is larger than the constant: the buffer is too small and the write is truncated (a corrupted packet or file).',
    taint: false,
    precision: { truePositives: 3, falsePositives: 0, onRealCode: 1, measuredOn: MEASURED_ON, floor: 0.8 },
  },
  detector: allocationIgnoresSize,
};
