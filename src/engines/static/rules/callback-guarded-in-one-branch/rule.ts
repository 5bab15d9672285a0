// Static rule callback-guarded-in-one-branch: its metadata, measured precision and the floor the benchmark gate holds it to.
import { callbackGuardedInOneBranch } from './matcher.ts';
import { MEASURED_ON } from '../../calibration.ts';
import type { RuleModule } from '../../types.ts';

export const rule: RuleModule = {
  meta: {
    id: 'callback-guarded-in-one-branch',
    category: 'nil-safety',
    lens: 'error-handling',
    consequence: 'crash',
    severity: 'medium',
    cwe: 'CWE-476',
    message: 'A callback is checked for presence in one branch of an if/else but called unchecked in the sibling branch.',
    trigger: 'The callback is missing (no waiting client, an optional callback) and the unchecked branch runs — usually the error path: a TypeError instead of the error being reported.',
    taint: false,
    precision: { truePositives: 3, falsePositives: 0, onRealCode: 1, measuredOn: MEASURED_ON, floor: 0.8 },
  },
  detector: callbackGuardedInOneBranch,
};
