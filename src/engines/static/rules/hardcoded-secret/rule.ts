// Static rule hardcoded-secret: its metadata, measured precision and the floor the benchmark gate holds it to.
import { hardcodedSecret } from './matcher.ts';
import { MEASURED_ON } from '../../calibration.ts';
import type { RuleModule } from '../../types.ts';

export const rule: RuleModule = {
  meta: {
    id: 'hardcoded-secret',
    category: 'secrets',
    lens: 'secrets',
    severity: 'high',
    cwe: 'CWE-798',
    message: 'A secret literal is passed to an authentication or cryptography API in non-test source.',
    trigger: 'Anyone with read access to the source (or the published package) can forge tokens or log in with the literal.',
    taint: false,
    precision: { truePositives: 5, falsePositives: 0, measuredOn: MEASURED_ON, floor: 0.9 },
  },
  detector: hardcodedSecret,
};
