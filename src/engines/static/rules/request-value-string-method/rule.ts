// Static rule request-value-string-method: its metadata, measured precision and the floor the benchmark gate holds it to.
import { requestValueStringMethod } from './matcher.ts';
import { MEASURED_ON } from '../../calibration.ts';
import type { RuleModule } from '../../types.ts';

export const rule: RuleModule = {
  meta: {
    id: 'request-value-string-method',
    category: 'type-safety',
    lens: 'type-safety',
    consequence: 'crash',
    severity: 'medium',
    cwe: 'CWE-843',
    message: 'A query or body value, which a request can make an array, object or number, is used as a string (a string method, bcrypt.compare, a hash update, a path function) without a type check.',
    trigger: 'A request sends the value twice (`?x=a&x=b`), as an object (`?x[k]=v`) or as a JSON number: the handler throws a TypeError.',
    taint: false,
    precision: { truePositives: 5, falsePositives: 0, measuredOn: MEASURED_ON, floor: 0.8 },
  },
  detector: requestValueStringMethod,
};
