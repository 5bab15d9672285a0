// Static rule insecure-random-secret: its metadata, measured precision and the floor the benchmark gate holds it to.
import { weakCrypto } from '../../matchers/weak-crypto.ts';
import { MEASURED_ON } from '../../calibration.ts';
import type { RuleModule } from '../../types.ts';

export const rule: RuleModule = {
  meta: {
    id: 'insecure-random-secret',
    category: 'secrets',
    lens: 'secrets',
    severity: 'medium',
    cwe: 'CWE-338',
    message: 'A secret (token, session id, password, API key, nonce, salt, reset code) is made with Math.random(), which is not a cryptographic generator: its next outputs can be predicted from a few observed ones.',
    trigger: "An attacker who sees a few generated values (their own tokens) recovers the generator state and predicts another user's token.",
    taint: false,
    precision: { truePositives: 9, falsePositives: 0, measuredOn: MEASURED_ON, floor: 0.9 },
  },
  detector: weakCrypto,
};
