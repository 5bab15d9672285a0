// Static rule assignment-in-condition: its metadata, measured precision and the floor the benchmark gate holds it to.
import { conditionSlips } from '../../matchers/logic.ts';
import { MEASURED_ON } from '../../calibration.ts';
import type { RuleModule } from '../../types.ts';

export const rule: RuleModule = {
  meta: {
    id: 'assignment-in-condition',
    category: 'logic',
    lens: 'logic',
    severity: 'medium',
    cwe: 'CWE-481',
    message: 'A condition assigns instead of comparing (= instead of === ).',
    trigger: 'Always: the condition overwrites the variable and tests the assigned value.',
    taint: false,
    precision: { truePositives: 2, falsePositives: 0, measuredOn: MEASURED_ON, floor: 0.9 },
  },
  detector: conditionSlips,
};
