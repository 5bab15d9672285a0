// Static rule swallowed-async-error: its metadata, measured precision and the floor the benchmark gate holds it to.
import { swallowedAsyncError } from './matcher.ts';
import { MEASURED_ON } from '../../calibration.ts';
import type { RuleModule } from '../../types.ts';

export const rule: RuleModule = {
  meta: {
    id: 'swallowed-async-error',
    category: 'error-handling',
    lens: 'error-handling',
    consequence: 'wrong-answer',
    severity: 'medium',
    cwe: 'CWE-390',
    message: 'An asynchronous failure is dropped (a callback that never reads its error, an awaited `.catch` that swallows it) and the code then reports success.',
    trigger: 'The asynchronous operation fails; the caller is told it succeeded and acts on data that was never written or read.',
    taint: false,
    precision: { truePositives: 6, falsePositives: 0, measuredOn: MEASURED_ON, floor: 0.8 },
  },
  detector: swallowedAsyncError,
};
