// Static rule open-redirect: its metadata, measured precision and the floor the benchmark gate holds it to.
import { openRedirect } from './matcher.ts';
import { MEASURED_ON } from '../../calibration.ts';
import type { RuleModule } from '../../types.ts';

export const rule: RuleModule = {
  meta: {
    id: 'open-redirect',
    category: 'injection',
    lens: 'injection',
    severity: 'medium',
    cwe: 'CWE-601',
    message: 'A redirect target (Location) is taken from untrusted input without checking it stays on the site.',
    trigger: '{source} set to `//evil.example/` or `https://evil.example/`, which sends the browser to another site.',
    taint: true,
    precision: { truePositives: 13, falsePositives: 0, measuredOn: MEASURED_ON, floor: 0.9 },
  },
  detector: openRedirect,
};
