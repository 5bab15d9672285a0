// Static rule unreachable-code: its metadata, measured precision and the floor the benchmark gate holds it to.
import { unreachableCode } from '../../matchers/flow.ts';
import { MEASURED_ON } from '../../calibration.ts';
import type { RuleModule } from '../../types.ts';

export const rule: RuleModule = {
  meta: {
    id: 'unreachable-code',
    category: 'logic',
    lens: 'logic',
    severity: 'low',
    cwe: 'CWE-561',
    message: 'Statements follow a return, throw, break or continue in the same block and never run.',
    trigger: 'Always: the code after the jump is dead.',
    taint: false,
    precision: { truePositives: 5, falsePositives: 0, measuredOn: MEASURED_ON, floor: 0.9 },
  },
  detector: unreachableCode,
};
