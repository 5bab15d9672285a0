// Static rule handle-leak: its metadata, measured precision and the floor the benchmark gate holds it to.
import { resourceLeaks } from '../../matchers/leak.ts';
import { MEASURED_ON } from '../../calibration.ts';
import type { RuleModule } from '../../types.ts';

export const rule: RuleModule = {
  meta: {
    id: 'handle-leak',
    category: 'resource-leak',
    lens: 'resource-leak',
    severity: 'medium',
    cwe: 'CWE-404',
    message: 'A file handle is opened and closed without try/finally, so it leaks when the code in between throws.',
    trigger: 'An operation between open and close throws (e.g. a read error); the descriptor is never closed.',
    taint: false,
    precision: { truePositives: 2, falsePositives: 0, measuredOn: MEASURED_ON, floor: 0.9 },
  },
  detector: resourceLeaks,
};
