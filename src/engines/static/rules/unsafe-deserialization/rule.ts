// Static rule unsafe-deserialization: its metadata, measured precision and the floor the benchmark gate holds it to.
import { unsafeDeserialization } from './matcher.ts';
import { MEASURED_ON } from '../../calibration.ts';
import type { RuleModule } from '../../types.ts';

export const rule: RuleModule = {
  meta: {
    id: 'unsafe-deserialization',
    category: 'injection',
    lens: 'injection',
    severity: 'critical',
    cwe: 'CWE-502',
    message: 'Untrusted input is deserialized by node-serialize (unserialize), serialize-to-js (deserialize) or js-yaml load with DEFAULT_FULL_SCHEMA, which run or build functions embedded in the data.',
    trigger: "{source} set to {\"x\":\"_$$ND_FUNC$$_function(){require('child_process').execSync('touch /tmp/pwned')}()\"}.",
    taint: true,
    librarySource: 'any',
    precision: { truePositives: 7, falsePositives: 0, measuredOn: MEASURED_ON, floor: 0.9 },
  },
  detector: unsafeDeserialization,
};
