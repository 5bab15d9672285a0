// Static rule string-method-on-non-string: its metadata, measured precision and the floor the benchmark gate holds it to.
import { stringMethodOnNonString } from './matcher.ts';
import { MEASURED_ON } from '../../calibration.ts';
import type { RuleModule } from '../../types.ts';

export const rule: RuleModule = {
  meta: {
    id: 'string-method-on-non-string',
    category: 'type-safety',
    lens: 'type-safety',
    consequence: 'crash',
    severity: 'medium',
    cwe: 'CWE-843',
    message: 'A value the code itself can make a non-string (an unchecked JSON.stringify result, the array branch of an Array.isArray test) is used with a string-only method.',
    trigger: 'The caller passes undefined (or a function) to be serialised, or an array where one value was expected: the string method throws a TypeError.',
    taint: false,
    precision: { truePositives: 7, falsePositives: 0, onRealCode: 3, measuredOn: MEASURED_ON, floor: 0.8 },
  },
  detector: stringMethodOnNonString,
};
