// Static rule async-promise-executor: its metadata, measured precision and the floor the benchmark gate holds it to.
import { asyncExecutor } from '../../matchers/async.ts';
import { MEASURED_ON } from '../../calibration.ts';
import type { RuleModule } from '../../types.ts';

export const rule: RuleModule = {
  meta: {
    id: 'async-promise-executor',
    category: 'async',
    lens: 'async',
    severity: 'medium',
    cwe: 'CWE-754',
    message: 'An async function is used as a Promise executor: an error thrown after an await inside it is lost and the promise never settles.',
    trigger: 'An awaited call inside the executor rejects; the outer promise stays pending forever.',
    taint: false,
    precision: { truePositives: 3, falsePositives: 0, measuredOn: MEASURED_ON, floor: 0.9 },
  },
  detector: asyncExecutor,
};
