// Static rule missing-await-in-try: its metadata, measured precision and the floor the benchmark gate holds it to.
import { floatingPromise } from '../../matchers/async.ts';
import { MEASURED_ON } from '../../calibration.ts';
import type { RuleModule } from '../../types.ts';

export const rule: RuleModule = {
  meta: {
    id: 'missing-await-in-try',
    category: 'async',
    lens: 'async',
    severity: 'medium',
    cwe: 'CWE-755',
    message: 'A promise is returned from inside try without await, so the surrounding catch never sees its rejection.',
    trigger: 'The returned call rejects; the catch block written for it does not run.',
    taint: false,
    precision: { truePositives: 2, falsePositives: 0, measuredOn: MEASURED_ON, floor: 0.9 },
  },
  detector: floatingPromise,
};
