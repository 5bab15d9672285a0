// Static rule off-by-one-length: its metadata, measured precision and the floor the benchmark gate holds it to.
import { offByOneLength } from '../../matchers/logic.ts';
import { MEASURED_ON } from '../../calibration.ts';
import type { RuleModule } from '../../types.ts';

export const rule: RuleModule = {
  meta: {
    id: 'off-by-one-length',
    category: 'logic',
    lens: 'logic',
    severity: 'medium',
    cwe: 'CWE-193',
    message: 'A loop runs while the index is <= .length and indexes the array with it, reading one element past the end.',
    trigger: 'Every run of the loop: the last iteration reads undefined.',
    taint: false,
    precision: { truePositives: 3, falsePositives: 0, measuredOn: MEASURED_ON, floor: 0.9 },
  },
  detector: offByOneLength,
};
