// Static rule self-comparison: its metadata, measured precision and the floor the benchmark gate holds it to.
import { comparisonSlips } from '../../matchers/logic.ts';
import { MEASURED_ON } from '../../calibration.ts';
import type { RuleModule } from '../../types.ts';

export const rule: RuleModule = {
  meta: {
    id: 'self-comparison',
    category: 'logic',
    lens: 'logic',
    severity: 'medium',
    cwe: 'CWE-570',
    message: 'An expression is compared with itself, so the result is constant; another operand was probably meant.',
    trigger: 'Always: the comparison never depends on the data.',
    taint: false,
    precision: { truePositives: 2, falsePositives: 0, measuredOn: MEASURED_ON, floor: 0.9 },
  },
  detector: comparisonSlips,
};
