// Static rule constant-condition: its metadata, measured precision and the floor the benchmark gate holds it to.
import { conditionSlips } from '../../matchers/logic.ts';
import { MEASURED_ON } from '../../calibration.ts';
import type { RuleModule } from '../../types.ts';

export const rule: RuleModule = {
  meta: {
    id: 'constant-condition',
    category: 'logic',
    lens: 'logic',
    severity: 'medium',
    cwe: 'CWE-571',
    message: "A condition is always true or always false (for example `x === 'a' || 'b'`).",
    trigger: 'Always: one branch can never run.',
    taint: false,
    precision: { truePositives: 2, falsePositives: 0, measuredOn: MEASURED_ON, floor: 0.9 },
  },
  detector: conditionSlips,
};
