// Static rule zip-slip: its metadata, measured precision and the floor the benchmark gate holds it to.
import { zipSlip } from './matcher.ts';
import { MEASURED_ON } from '../../calibration.ts';
import type { RuleModule } from '../../types.ts';

export const rule: RuleModule = {
  meta: {
    id: 'zip-slip',
    category: 'path-traversal',
    lens: 'injection',
    severity: 'high',
    cwe: 'CWE-22',
    message: "An archive entry's name is joined into the extraction path and written without checking the result stays inside the destination folder.",
    trigger: 'An archive with an entry named `../../.bashrc` or `/etc/cron.d/x`, which is written outside the destination.',
    taint: false,
    precision: { truePositives: 7, falsePositives: 0, measuredOn: MEASURED_ON, floor: 0.9 },
  },
  detector: zipSlip,
};
