// Static rule floating-promise: its metadata, measured precision and the floor the benchmark gate holds it to.
import { floatingPromise } from '../../matchers/async.ts';
import { MEASURED_ON } from '../../calibration.ts';
import type { RuleModule } from '../../types.ts';

export const rule: RuleModule = {
  meta: {
    id: 'floating-promise',
    category: 'async',
    lens: 'async',
    severity: 'medium',
    cwe: 'CWE-754',
    message: 'A promise in a request handler is neither awaited, returned nor given a rejection handler.',
    trigger: 'The un-awaited call rejects: the response is sent as if it succeeded and the rejection is unhandled (the process may exit).',
    taint: false,
    precision: { truePositives: 2, falsePositives: 0, measuredOn: MEASURED_ON, floor: 0.9 },
  },
  detector: floatingPromise,
};
