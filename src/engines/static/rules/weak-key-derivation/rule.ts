// Static rule weak-key-derivation: its metadata, measured precision and the floor the benchmark gate holds it to.
import { weakKeyDerivation } from './matcher.ts';
import { MEASURED_ON } from '../../calibration.ts';
import type { RuleModule } from '../../types.ts';

export const rule: RuleModule = {
  meta: {
    id: 'weak-key-derivation',
    category: 'secrets',
    lens: 'secrets',
    severity: 'high',
    cwe: 'CWE-916',
    message: "PBKDF2 runs with fewer than 1,000 iterations (a literal count, or an implementation's defaults), so a key or password hash derived with it is brute-forced at digest speed; use hundreds of thousands of iterations, scrypt or argon2.",
    trigger: 'A leaked hash (or data encrypted under a passphrase-derived key) is attacked offline: one HMAC per guess instead of hundreds of thousands.',
    taint: false,
    precision: { truePositives: 5, falsePositives: 0, measuredOn: MEASURED_ON, floor: 0.9 },
  },
  detector: weakKeyDerivation,
};
