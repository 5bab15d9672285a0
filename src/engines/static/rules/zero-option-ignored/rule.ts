// Static rule zero-option-ignored: its metadata, measured precision and the floor the benchmark gate holds it to.
import { zeroOptionIgnored } from './matcher.ts';
import { MEASURED_ON } from '../../calibration.ts';
import type { RuleModule } from '../../types.ts';

export const rule: RuleModule = {
  meta: {
    id: 'zero-option-ignored',
    category: 'boundary',
    lens: 'boundary',
    consequence: 'wrong-answer',
    severity: 'medium',
    cwe: 'CWE-697',
    message: 'A numeric option (a count, age, size or limit) is read through a truthiness test, so 0 is taken as "not given" and the default stays.',
    trigger: 'A caller passes 0 (a cookie that expires now, a queue that allows no waiting clients): the option is silently ignored.',
    taint: false,
    precision: { truePositives: 6, falsePositives: 0, onRealCode: 2, measuredOn: MEASURED_ON, floor: 0.8 },
  },
  detector: zeroOptionIgnored,
};
