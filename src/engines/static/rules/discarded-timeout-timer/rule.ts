// Static rule discarded-timeout-timer: its metadata, measured precision and the floor the benchmark gate holds it to.
import { discardedTimeoutTimer } from './matcher.ts';
import { MEASURED_ON } from '../../calibration.ts';
import type { RuleModule } from '../../types.ts';

export const rule: RuleModule = {
  meta: {
    id: 'discarded-timeout-timer',
    category: 'resource-leak',
    lens: 'resource-leak',
    consequence: 'leak',
    severity: 'low',
    cwe: 'CWE-404',
    message: 'A per-operation timeout timer is started but its handle is thrown away, so it is never cleared when the operation finishes first.',
    trigger: 'Many operations complete before their timeout: each leaves a live timer holding the operation for the whole configured delay (memory grows, the process cannot exit).',
    taint: false,
    precision: { truePositives: 3, falsePositives: 0, onRealCode: 1, measuredOn: MEASURED_ON, floor: 0.8 },
  },
  detector: discardedTimeoutTimer,
};
