// Static rule one-based-page-offset: its metadata, measured precision and the floor the benchmark gate holds it to.
import { onePageOffset } from './matcher.ts';
import { MEASURED_ON } from '../../calibration.ts';
import type { RuleModule } from '../../types.ts';

export const rule: RuleModule = {
  meta: {
    id: 'one-based-page-offset',
    category: 'logic',
    lens: 'boundary',
    consequence: 'wrong-answer',
    severity: 'medium',
    cwe: 'CWE-193',
    message: 'A 1-based page number from the request is multiplied into a 0-based offset: page 1 skips the first page of results.',
    trigger: 'Every first-page request: the first `limit` rows are never returned and the last page is empty.',
    taint: false,
    precision: { truePositives: 2, falsePositives: 0, measuredOn: MEASURED_ON, floor: 0.8 },
  },
  detector: onePageOffset,
};
