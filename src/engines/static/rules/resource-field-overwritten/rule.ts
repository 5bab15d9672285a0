// Static rule resource-field-overwritten: its metadata, measured precision and the floor the benchmark gate holds it to.
import { resourceFieldOverwritten } from './matcher.ts';
import { MEASURED_ON } from '../../calibration.ts';
import type { RuleModule } from '../../types.ts';

export const rule: RuleModule = {
  meta: {
    id: 'resource-field-overwritten',
    category: 'resource-leak',
    lens: 'resource-leak',
    consequence: 'leak',
    severity: 'low',
    cwe: 'CWE-772',
    message: 'A field holding a connection, socket or interval that the class releases elsewhere is overwritten with a new one without releasing the previous.',
    trigger: 'The method runs a second time (a reconnect, a failover, start() called twice): the previous connection or interval stays open and is no longer reachable to close.',
    taint: false,
    precision: { truePositives: 5, falsePositives: 0, onRealCode: 1, measuredOn: MEASURED_ON, floor: 0.8 },
  },
  detector: resourceFieldOverwritten,
};
