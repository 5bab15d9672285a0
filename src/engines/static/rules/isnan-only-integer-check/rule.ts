// Static rule isnan-only-integer-check: its metadata, measured precision and the floor the benchmark gate holds it to.
import { isnanOnlyIntegerCheck } from './matcher.ts';
import { MEASURED_ON } from '../../calibration.ts';
import type { RuleModule } from '../../types.ts';

export const rule: RuleModule = {
  meta: {
    id: 'isnan-only-integer-check',
    category: 'type-safety',
    lens: 'type-safety',
    consequence: 'wrong-answer',
    severity: 'medium',
    cwe: 'CWE-1284',
    message: 'A number is validated with isNaN alone and then written as an integer attribute (`Max-Age=`): Infinity and fractions pass the check.',
    trigger: 'A caller passes Infinity or 1.5: the output carries `Max-Age=Infinity` or a fractional age, which clients reject or misread.',
    taint: false,
    precision: { truePositives: 4, falsePositives: 0, onRealCode: 2, measuredOn: MEASURED_ON, floor: 0.8 },
  },
  detector: isnanOnlyIntegerCheck,
};
