// Static rule loose-boolean-compare: its metadata, measured precision and the floor the benchmark gate holds it to.
import { comparisonSlips } from '../../matchers/logic.ts';
import { MEASURED_ON } from '../../calibration.ts';
import type { RuleModule } from '../../types.ts';

export const rule: RuleModule = {
  meta: {
    id: 'loose-boolean-compare',
    category: 'logic',
    lens: 'logic',
    severity: 'low',
    cwe: 'CWE-597',
    message: "A value is compared to a boolean with == or !=, which coerces: 'true', 2 and [] are not == true.",
    trigger: "The value is a string such as 'true' or a number other than 0 and 1.",
    taint: false,
    precision: { truePositives: 6, falsePositives: 0, measuredOn: MEASURED_ON, floor: 0.9 },
  },
  detector: comparisonSlips,
};
