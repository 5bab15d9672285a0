// Static rule nan-comparison: its metadata, measured precision and the floor the benchmark gate holds it to.
import { comparisonSlips } from '../../matchers/logic.ts';
import { MEASURED_ON } from '../../calibration.ts';
import type { RuleModule } from '../../types.ts';

export const rule: RuleModule = {
  meta: {
    id: 'nan-comparison',
    category: 'logic',
    lens: 'logic',
    severity: 'medium',
    cwe: 'CWE-570',
    message: 'A value is compared with NaN; NaN is not equal to anything, so the comparison is constant. Use Number.isNaN().',
    trigger: "The value is NaN (e.g. Number('abc')); the check does not detect it.",
    taint: false,
    precision: { truePositives: 3, falsePositives: 0, measuredOn: MEASURED_ON, floor: 0.9 },
  },
  detector: comparisonSlips,
};
