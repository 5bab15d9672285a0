// Static rule swallowed-error-success: its metadata, measured precision and the floor the benchmark gate holds it to.
import { swallowedError } from './matcher.ts';
import { MEASURED_ON } from '../../calibration.ts';
import type { RuleModule } from '../../types.ts';

export const rule: RuleModule = {
  meta: {
    id: 'swallowed-error-success',
    category: 'error-handling',
    lens: 'error-handling',
    severity: 'medium',
    cwe: 'CWE-390',
    message: 'An error is caught and only logged (or ignored), and the code then reports success.',
    trigger: 'The operation in the try block fails; the caller is told it succeeded.',
    taint: false,
    precision: { truePositives: 3, falsePositives: 0, measuredOn: MEASURED_ON, floor: 0.9 },
  },
  detector: swallowedError,
};
