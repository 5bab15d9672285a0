// Static rule failed-resource-kept: its metadata, measured precision and the floor the benchmark gate holds it to.
import { failedResourceKept } from './matcher.ts';
import { MEASURED_ON } from '../../calibration.ts';
import type { RuleModule } from '../../types.ts';

export const rule: RuleModule = {
  meta: {
    id: 'failed-resource-kept',
    category: 'resource-leak',
    lens: 'resource-leak',
    consequence: 'leak',
    severity: 'low',
    cwe: 'CWE-772',
    message: 'A connection added to a tracking collection fails to connect, and the error branch reports it without removing or destroying the connection.',
    trigger: 'Connecting fails (or the pool closes meanwhile): the dead connection stays in the collection, counted against the limit and never closed.',
    taint: false,
    precision: { truePositives: 4, falsePositives: 0, onRealCode: 2, measuredOn: MEASURED_ON, floor: 0.8 },
  },
  detector: failedResourceKept,
};
